import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// With its extension: Vite's native config loader (its next default) resolves no extensionless imports.
import { withRuntimeConfig } from './server/lib/runtime-config-meta.ts';
import { inlineFirstPaint, precompressAssets, writeAppRoutes } from './scripts/build-extras.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

/** In development the API runs beside Vite: put its public configuration into the page the way the server does. */
const runtimeConfigFromApi = (): Plugin => ({
  name: 'switchback-runtime-config',
  apply: 'serve',
  async transformIndexHtml(html) {
    const answer = await fetch(`http://127.0.0.1:${apiPort}/api/config`).then((r) => r.json(), () => null);
    return answer?.data ? withRuntimeConfig(html, answer.data) : html;
  },
});

export default defineConfig({
  plugins: [
    // Before react(): it generates src/routeTree.gen.ts and splits each route into its own lazy chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too go into their route's lazy chunks: a loader imports its feature's API (and so zod and the
      // contract), which must not ride along with the first load of every page (check P1). A route's other parts
      // share its component's chunk: each split part costs a lazy stub and a preload map in the route tree, which
      // loads with every first page (~100 bytes gzip saved). The loader stays apart so a page's data is asked for as
      // soon as its small chunk arrives, not after the component's.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    runtimeConfigFromApi(),
    inlineFirstPaint(),
    writeAppRoutes(),
    // Last: it compresses what the others wrote.
    precompressAssets(),
  ],
  resolve: {
    // MapLibre's CSP build: the same API without its worker's code inside (libre-map.tsx says why). Exactly the bare
    // name, so react-map-gl's own import of it shares the one copy and `maplibre-gl/dist/…` files stay reachable.
    alias: [{ find: /^maplibre-gl$/, replacement: 'maplibre-gl/dist/maplibre-gl-csp.js' }],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Every browser we support has native modulepreload; the polyfill would only add bytes to the first load.
    modulePreload: { polyfill: false },
    // MapLibre's lazy chunk (libre-map, ~950 kB) loads only with a map; the first load has its own budget
    // (bench:bundle). Past this, a chunk has grown for real and the warning should be seen.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // The router in one chunk: every page needs all of it, and left to itself the bundler cuts it into pieces
        // along the routes' imports (matchContext, link, useMatch…), each piece an extra file and import list on the
        // first load (check P1: 1.2 KB gzip more when the moderation pages came).
        codeSplitting: {
          groups: [{ name: 'router', test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history)[\\/]/ }],
        },
      },
    },
  },
});
