import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * P1's reference: a bare React + TanStack Router + Query page, built with the same Vite and plugin as the app.
 * Returns the gzip bytes of its JavaScript (all of it loads before its first paint).
 */
export async function barePageGzipBytes(workDir: string) {
  const dir = path.join(workDir, 'bare-page');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>');
  fs.writeFileSync(
    path.join(dir, 'main.tsx'),
    `import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
const rootRoute = createRootRoute({ component: Outlet });
function Home() { const q = useQuery({ queryKey: ['n'], queryFn: async () => 1 }); return <h1>Hello {q.data}</h1>; }
const router = createRouter({ routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })]) });
createRoot(document.getElementById('root')!).render(<QueryClientProvider client={new QueryClient()}><RouterProvider router={router} /></QueryClientProvider>);
`,
  );
  await build({ root: dir, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: 'dist', target: 'es2022' } });
  const assets = path.join(dir, 'dist', 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
}
