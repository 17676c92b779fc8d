import { spawn } from 'node:child_process';

// `npm test`: every check, stage by stage, each stage's time printed (CI must stay well under 20 minutes on two
// cores, so a stage that grows shows where). The static checks are independent single-threaded tools: they run side
// by side. The first failing stage stops the run, as `&&` would.

const run = (command) =>
  new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const stages = [
  {
    name: 'typecheck and lint',
    // `npm run typecheck` and `npm run lint`, the two halves' type checks apart.
    commands: ['node scripts/generate-routes.mjs && tsc -p tsconfig.json --noEmit', 'tsc -p tsconfig.server.json --noEmit', 'npm run lint'],
  },
  { name: 'unit and server tests', commands: ['npm run test:unit'] },
  { name: 'end-to-end tests', commands: ['npm run test:e2e'] },
  // The build the e2e stage made, run as production runs it (issue 27): two nodes behind nginx on PostgreSQL, Redis
  // and S3, when those are here (.ci/run sets TEST_DATABASE_URL and REDIS_URL when they answer, and installs nginx),
  // then kill -9 rounds (two a database here; `npm run test:crash` alone runs twenty), one after the other: both
  // measure a server under load, and two cores shared would make each the other's noise.
  {
    name: 'production topology',
    commands: [
      process.env.TEST_DATABASE_URL && process.env.REDIS_URL
        ? 'npm run test:nodes && npm run test:crash -- --rounds 2'
        : 'echo "Two nodes behind nginx: not run, it needs PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL)." && npm run test:crash -- --rounds 2 --db pglite',
    ],
  },
];

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
const times = [];
const started = performance.now();
for (const stage of stages) {
  const at = performance.now();
  console.log(`\n=== ${stage.name} ===`);
  const codes = await Promise.all(stage.commands.map(run));
  times.push(`${stage.name}: ${seconds(at)} s`);
  console.log(`=== ${stage.name}: ${seconds(at)} s ===`);
  if (codes.some((code) => code !== 0)) {
    console.log(`\nFAILED at "${stage.name}" after ${seconds(started)} s (${times.join(', ')})`);
    process.exit(1);
  }
}
console.log(`\nAll checks passed in ${seconds(started)} s: ${times.join(', ')}`);
