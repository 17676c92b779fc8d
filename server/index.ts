import fs from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { seedDemoWorld } from './demo/seed';
import { demoSignInHint } from './demo/sign-in-hint';

// V8 lets a heap grow to up to four times what survived its last collection. An import reads files of tens of MB
// on worker threads, each a heap of its own, and the event loop holds what they hand back until it collects: at 1.5
// times the server's memory during an import of 200 activities stays under 300 MB more than idle, for a few percent
// more time collecting (bench:import, P9: x4 +391 MB in 1.43 x the time, x2 +322 MB, x1.5 +267-276 MB in 1.43-1.48 x,
// x1.2 +256 MB but 1.81 x). Process-wide, set before any thread starts.
setFlagsFromString('--heap-growing-percent=50');

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
  const app = await buildApp({ config, db: database.db, poolStats: database.poolStats });
  if (config.demo) await seedDemoWorld(app.deps, app.log);

  let closing = false;
  // SIGTERM (a deploy, a container stop) or SIGINT (Ctrl-C): no new connection is taken, requests in flight and a
  // running job get SHUTDOWN_GRACE_MS to finish (the job is released to another process past it), sockets are closed
  // as "going away" (browsers reconnect, to another node behind a balancer), then the database is closed. A request
  // still running past the grace has its connection cut, so nothing hung holds a deploy.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down (up to ${config.shutdownGraceMs} ms for work in flight)`);
    app.server.close();
    const cut = setTimeout(() => {
      app.log.warn('shutdown: requests still running past the grace; closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown: could not close cleanly');
      process.exitCode = 1;
    }
    clearTimeout(cut);
    unlock();
    process.exit();
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
