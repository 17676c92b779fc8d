import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
// With their extensions: Vite's native config loader resolves no extensionless imports.
import { routeFilesOf, type AppRoutes } from '../server/lib/app-routes.ts';
import { BOOT_SCRIPT } from '../server/lib/boot-script.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth sending compressed; source maps are for devtools only, and not worth the build's time. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * After `vite build`: a Brotli (quality 11) and a gzip (level 9) copy beside every text file of `dist` over 1 KB, which
 * the server sends as they are to a browser that accepts them (`@fastify/static` `preCompressed`). Done once here at
 * the strongest settings, instead of per request at fast ones.
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'switchback-precompress',
    // Not the prerendering build (`--ssr`): its code runs on the server, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile() && COMPRESSIBLE.test(f.name));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(file.parentPath, file.name);
          const bytes = await fs.readFile(full);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzip(bytes, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * After `vite build`: `app-routes.json` (server/lib/app-routes.ts), the router's page addresses
 * (`src/routeTree.gen.ts`, which the router plugin has just written), so the server answers every other path with a
 * real 404; each with the scripts its route's code needs that the entry does not already bring: the lazy chunks the
 * router plugin cut from its route files (`?tsr-split=`) and everything they import, so a page asks for them beside
 * the entry instead of after it.
 */
export function writeAppRoutes(): Plugin {
  let root = '.';
  let outDir = 'dist';
  let base = '/';
  return {
    name: 'switchback-app-routes',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    async writeBundle(_options, bundle) {
      const routeFiles = routeFilesOf(await fs.readFile(path.join(root, 'src/routeTree.gen.ts'), 'utf8'));
      if (Object.keys(routeFiles).length === 0) throw new Error('src/routeTree.gen.ts lists no routes: the 404s would take every page');
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (names: Iterable<string>, into = new Set<string>()) => {
        for (const name of names) {
          if (into.has(name)) continue;
          into.add(name);
          withImports(byName.get(name)?.imports ?? [], into);
        }
        return into;
      };
      const entry = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      // './routes/_main/feeds/index' -> the chunks cut from src/routes/_main/feeds/index.tsx.
      const cutFrom = new Map<string, string[]>();
      for (const chunk of chunks) {
        const [file, query] = (chunk.facadeModuleId ?? '').split('?');
        if (!query?.startsWith('tsr-split=')) continue;
        const key = `./${path.relative(path.join(root, 'src'), file!).replace(/\\/g, '/').replace(/\.tsx?$/, '')}`;
        cutFrom.set(key, [...(cutFrom.get(key) ?? []), chunk.fileName]);
      }
      const routes: AppRoutes = Object.fromEntries(
        Object.entries(routeFiles).map(([fullPath, files]) => {
          const scripts = withImports(files.flatMap((file) => cutFrom.get(file) ?? []));
          return [fullPath, [...scripts].filter((name) => !entry.has(name)).map((name) => `${base}${name}`)];
        }),
      );
      await fs.writeFile(path.join(outDir, 'app-routes.json'), `${JSON.stringify(routes)}\n`);
    },
  };
}

/**
 * Nothing holds the first paint back but the page itself: the boot script (theme, booting mark) goes into the page (always, dev too),
 * and in the build the app's stylesheet too (10 KB compressed, every page's), instead of two requests a first paint
 * waited for on a slow network (Lighthouse: FCP 1.9 s against 0.6 s for a static page). The stylesheets of lazy
 * chunks stay files, loaded with them.
 */
export function inlineFirstPaint(): Plugin {
  return {
    name: 'switchback-inline-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let page = html.replace('<script data-boot-script></script>', `<script data-boot-script>${BOOT_SCRIPT}</script>`);
        if (!ctx.bundle) return page;
        page = page.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, fileName: string) => {
          const asset = ctx.bundle![fileName];
          // Its address kept: a public prerendered page inlines only what its markup uses and loads the rest
          // (server/lib/critical-css.ts).
          return asset?.type === 'asset' ? `<style data-href="/${fileName}">${String(asset.source)}</style>` : tag;
        });
        return page;
      },
    },
  };
}
