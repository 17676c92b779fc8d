import fs from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { seedDemoWorld } from './demo/seed';
import { demoSignInHint } from './demo/sign-in-hint';

async function main() {
  // A .env file beside package.json, if there is one (see .env.example); real environment variables win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  const app = await buildApp({ config, db: database.db });
  if (config.demo) await seedDemoWorld(app.deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Switchback is running on http://localhost:${config.port} (database: ${database.kind})`);
  const hint = await demoSignInHint(app.deps);
  if (hint) console.log(`\n  ${hint}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
