import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactData } from '#contract/contact';
import { contactMessages } from '../../db/schema/contact';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const send = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/contact', payload, headers });

describe('POST /api/contact', () => {
  it('stores the message, with the member when signed in', async () => {
    const guest = { name: 'Casey', email: 'Casey@Example.com', message: 'The trail map on page two is out of date.' };
    expect(okData(await send(guest), contactData)).toEqual({ received: true });

    const member = await t.signUp();
    expect((await send({ ...guest, name: 'Member', message: 'Please add a gravel category.' }, t.bearer(member.token))).statusCode).toBe(200);

    const rows = await t.db.select().from(contactMessages).orderBy(contactMessages.id);
    expect(rows.map((r) => ({ name: r.name, email: r.email, userId: r.userId }))).toEqual([
      { name: 'Casey', email: 'casey@example.com', userId: null },
      { name: 'Member', email: 'casey@example.com', userId: member.userId },
    ]);
    expect(rows[0]!.message).toBe(guest.message);
  });

  it('refuses a short message and unknown fields, storing nothing', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const res = await send({ name: 'X', email: 'x@example.com', message: 'hi', userId: 3 });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toMatchObject({ message: [expect.any(String)], userId: ['Unknown field'] });
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });
});
