// The entry of each activity worker thread (worker-pool.ts). The server is TypeScript run by tsx (and by Vite's
// runner under vitest), and a worker thread starts as plain Node: it registers tsx's loader before importing the
// tasks, so one source serves both.
import { register } from 'tsx/esm/api';

register();
const { runActivityTask } = await import('./activity-tasks.ts');

export default runActivityTask;
