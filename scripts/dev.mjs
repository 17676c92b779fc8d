import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API in watch mode on API_PORT (3001) and Vite with hot reload on PORT (3000), which proxies
 * /api and /ws to it. Ctrl-C stops both.
 */
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
}));
