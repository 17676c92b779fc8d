import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/health', () => {
  it('answers 200 with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'Healthy.', data: { database: 'up' } });
  });
});

describe('GET /api/ready', () => {
  it('answers 503 naming what is missing while a migration is not applied, then 200 once it is', async () => {
    // This app's own database: the newest migration's record taken away as if the code were newer than the schema.
    const { rows } = (await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`)) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const behind = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({ code: 503, message: '1 database migration(s) not applied yet.' });

    const row = rows[0]!;
    await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ code: 200, message: 'Ready.', data: { database: 'up', migrations: 'applied' } });
  });
});
