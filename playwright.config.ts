import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/chromium-path.mjs';

const appPort = Number(process.env.E2E_PORT ?? 4600);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 4599);
// One fresh data folder per run, made in the runner and inherited by the workers (they read mail from it).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-e2e-'));
const executablePath = await findChromium();

export default defineConfig({
  testDir: './e2e',
  // Every test makes its own members and data (a file's shared member is made once per worker), so tests run side
  // by side, not only files: the longest file no longer sets the run's length. Two workers on the 2-core CI machine
  // (measured: 11.9 min with one worker; the browser waits on the server much of the time).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A story of several pages, each with an axe check, takes 50-60 s on a busy two-core machine (fresh clone,
  // 2026-11-28: five tests past a 60 s limit, none failing an expectation), and CI's machines run at a third of that
  // speed at times (a run whose e2e stage took 27.6 min, against 8 min here, ended the sign-up story at 90 s inside an
  // axe check, with axe's own pages still open). The limit only catches a hang: a broken page still fails on its
  // 10 s expectation long before it.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${appPort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--use-angle=swiftshader',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/oidc-server.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      env: { E2E_OIDC_PORT: String(oidcPort) },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The real server on a real (fresh, embedded) database, serving the built SPA.
      command: 'node --enable-source-maps dist-server/index.mjs',
      url: `http://localhost:${appPort}/api/health`,
      env: {
        PORT: String(appPort),
        DATA_DIR: process.env.E2E_DATA_DIR,
        DEMO: '1',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        // With REDIS_URL set (CI), this run's live bus keeps to a channel of its own.
        REDIS_CHANNEL: `switchback:e2e:${path.basename(process.env.E2E_DATA_DIR)}`,
        GOOGLE_CLIENT_ID: 'switchback-e2e',
        GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
        // The bundled map style: the suite asks nothing of the internet.
        MAP_STYLE_URL: 'offline',
        // Issue 20: the one moderator of the run (e2e/moderation.spec.ts signs it up, or in when a retry finds it).
        ADMIN_EMAILS: 'moderator@e2e.switchback.test',
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
