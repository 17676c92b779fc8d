import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The SPA and the server meet only through contract/ (architecture.md).
const serverNotSrc = { group: ['**/src/**'], message: 'server/ may import contract/, never src/.' };
const srcNotServer = { group: ['**/server/**'], message: 'src/ may import contract/, never server/.' };

/**
 * The features every other feature may import: the session (auth), and what several areas show or keep current
 * (comments and reactions on posts and events, the notification badge, the profile page, #tags and @mentions).
 * Any other feature is a leaf: it imports src/lib, src/components, contract/, itself and these, never another leaf.
 * Where leaves must meet (a page showing another's part, a change reaching another's cache), a route in src/routes
 * puts them together.
 */
const SHARED_FEATURES = ['auth', 'comments', 'notifications', 'profile', 'reactions', 'reports', 'tags'];
const FEATURES = fs
  .readdirSync(new URL('src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One block per feature: src/ may not import server/, and the feature may not import the leaves but itself. */
const featureBoundaries = FEATURES.map((feature) => {
  const forbidden = FEATURES.filter((other) => other !== feature && !SHARED_FEATURES.includes(other));
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            srcNotServer,
            ...(forbidden.length === 0
              ? []
              : [
                  {
                    // `../other/…`, `../../other/…` (and `…/features/other/…`) from anywhere inside this feature.
                    regex: `^(\\.\\./)+(features/)?(${forbidden.join('|')})(/|$)`,
                    message: `src/features/${feature} may import src/lib, src/components, contract/, itself and the shared features (${SHARED_FEATURES.join(', ')}), not another feature: put them together in a route.`,
                  },
                ]),
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'dist-server', '**/.tmp', 'node_modules', 'src/routeTree.gen.ts', 'server/db/migrations', 'test-results', 'playwright-report', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [srcNotServer] }],
    },
  },
  // After the block above: a later block's no-restricted-imports replaces an earlier one's, so each repeats srcNotServer.
  ...featureBoundaries,
  {
    // A test may render features together the way a route does (the signed-in frame with the live updates, a follow
    // marking an organiser's events), so tests and their helpers may import any feature: still never server/.
    files: ['src/**/*.test.{ts,tsx}', 'src/**/test-helpers.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [srcNotServer] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNotSrc] }],
    },
  },
  {
    // Outside server/policy/, access is asked of the Guardian (server/policy/guardian.ts), the one door blocks, mutes
    // and associate permissions are added behind; the policy files' decisions are not called directly.
    files: ['server/**/*.ts'],
    ignores: ['server/policy/**', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNotSrc,
            {
              group: ['**/policy/*-policy'],
              importNames: [
                'mayViewFeed', 'mayViewEvent', 'mayViewProfileContent', 'mayFollow', 'mayMentionWhere', 'mayInviteWhere',
                'mayViewRoute', 'mayViewUpload', 'mayEditPost', 'mayComment', 'mayEditComment', 'mayDeleteComment',
                'mayDeleteCommentOn', 'followOutcome', 'eventRole', 'mayViewActivity', 'mayEditActivity', 'mayViewGear', 'mayEditGear',
              ],
              message: 'Ask the Guardian (server/policy/guardian.ts: guardianFor(db, viewerId)).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '**/server/**', '!zod'], message: 'contract/ imports zod only.' }] }],
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
