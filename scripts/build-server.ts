import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { ACTIVITY_WORKER_BUILD } from '../server/modules/activities/worker/worker-pool';

// `npm run build` ends here: the server as plain JavaScript in dist-server/, so `npm start` runs Node on compiled
// code instead of compiling TypeScript as it loads (tsx's loader hooks cost start-up time and memory in every process;
// `npm run bench:start` measures both). esbuild, because the server already bundles its worker threads' code with it,
// and it leaves packages as imports from node_modules (native ones like sharp included). The command-line tools
// (admin, backup) still run under tsx: they start rarely and are not long-lived.

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist-server');

await fs.rm(outdir, { recursive: true, force: true });
await Promise.all([
  // The project's own files (and `#contract/*`) bundled in, one file: code that finds files beside itself (the
  // migrations, the worker's bundle) reads `import.meta.url`, which must be dist-server/ itself.
  build({
    entryPoints: { index: path.join(root, 'server/index.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  }),
  // The activity worker threads' code, whole (worker-pool.ts uses it instead of bundling it at run time).
  build({ ...ACTIVITY_WORKER_BUILD, outfile: path.join(outdir, 'activity-worker.mjs') }),
  // Read at start by the migrator, beside the code that names them (server/db/client.ts).
  fs.cp(path.join(root, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true }),
]);
console.log('Built the server into dist-server/');
