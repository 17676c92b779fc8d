import { Generator, getConfig } from '@tanstack/router-generator';

/**
 * Writes src/routeTree.gen.ts the way the Vite plugin does, so `npm run typecheck` works on a fresh clone before
 * anything was built (the file is generated, not committed).
 */
const root = process.cwd();
const config = getConfig({ target: 'react', autoCodeSplitting: true }, root);
await new Generator({ config, root }).run();
