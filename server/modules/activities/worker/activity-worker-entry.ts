// What a worker thread runs (piscina calls the default export): bundled whole by esbuild, at build time into
// dist-server/activity-worker.mjs, or at run time under tsx (worker-pool.ts).
export { runActivityTask as default } from './activity-tasks';
