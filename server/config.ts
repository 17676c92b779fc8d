import { DEFAULT_MAX_ASSOCIATES } from '#contract/associates';
import path from 'node:path';
import * as z from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'], 'use 1 or 0')
  .transform((v) => v === '1' || v === 'true');

/** Every setting the server reads, with its default; `.env.example` documents the same list. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // This machine only, by default: the demo world's password is public. 0.0.0.0 (or ::) opens it to the network.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  // The built web app the server serves (vite build's outDir).
  SPA_DIR: z.string().default('./dist'),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  // The demo world: on by default in development, off in production unless DEMO=1 (then with random passwords).
  DEMO: flag.optional(),
  TRUST_PROXY: flag.default(false),
  SMTP_URL: z.string().url('must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Switchback <no-reply@switchback.local>'),
  SMS_WEBHOOK_URL: z.string().url('must be an http(s) URL').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MAX_ASSOCIATES: z.coerce.number().int().min(0).max(100).default(DEFAULT_MAX_ASSOCIATES),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  // How often the in-process job runner looks for due jobs; 0 = this process does not poll (separate workers do).
  JOB_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Worker threads reading activity files and making their views; blank: one fewer than the cores (at least one).
  ACTIVITY_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  // How long a stopping server (SIGTERM, SIGINT) lets requests in flight and a running job finish.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  // Prometheus metrics at /metrics, for a scraper sending `Authorization: Bearer <token>`; unset: no /metrics.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url('must be an http(s) URL').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  // Live fan-out between API processes; without it the bus is in-process (one server).
  REDIS_URL: z.string().url('must be a redis:// URL').optional(),
  // The pub/sub channel: installations (or test runs) sharing one Redis each need their own, since user ids clash.
  REDIS_CHANNEL: z.string().min(1).max(200).default('switchback:live'),
  // Where browsers open the live socket when it is not the page's own origin (e.g. wss://live.example.com/ws).
  PUBLIC_SOCKET_URL: z.string().url('must be a ws:// or wss:// URL').optional(),
  // Issue 20: e-mail addresses (comma-separated) whose accounts moderate reports; `npm run admin -- grant` adds more.
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  // Reverse geocoding and route elevations through Mapbox; without a token the maps service answers nothing.
  MAPBOX_TOKEN: z.string().min(1).optional(),
  // Mapbox's API origin; only tests change it (a local stand-in speaking Mapbox's format).
  MAPBOX_API_URL: z.string().url('must be an http(s) URL').default('https://api.mapbox.com'),
  // The MapLibre styles browsers draw (comma-separated, the first is the default), or `offline` for the bundled style
  // only. Browsers fall back to the bundled style by themselves when a style cannot load (no internet).
  MAP_STYLE_URL: z
    .string()
    .default('https://tiles.openfreemap.org/styles/liberty')
    .transform((v) => (v.trim() === 'offline' ? [] : v.split(',').map((u) => u.trim()).filter(Boolean)))
    .refine((urls) => urls.every((u) => /^https?:\/\/[^\s"]+$/.test(u)), 'use http(s) style URLs separated by commas, or offline'),
}).refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
  path: ['S3_SECRET_ACCESS_KEY'],
  message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither (the default AWS credential chain)',
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  sessionTtlDays: number;
  /** Issue 25: how many associates one owner may manage. */
  maxAssociates: number;
  authRateLimit: number;
  google: { clientId: string; clientSecret: string | undefined; issuer: string } | undefined;
  logLevel: string;
  /** Media in an S3-compatible bucket when `S3_BUCKET` is set; otherwise on disk under `DATA_DIR/media/`. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** 0: this process does not poll the jobs table. */
  jobPollMs: number;
  /** How long a stopping server waits for requests in flight and a running job. */
  shutdownGraceMs: number;
  /** The bearer token /metrics asks for; undefined: no /metrics route. */
  metricsToken: string | undefined;
  /** Threads for activity files and views (issue 21); undefined: one fewer than the cores, at least one. */
  activityWorkers: number | undefined;
  /** Redis pub/sub for the live bus (notifications reach sockets on every API process); in-process when absent. */
  redisUrl: string | undefined;
  redisChannel: string;
  /** The live socket's URL for browsers when not same-origin `/ws`. */
  publicSocketUrl: string | undefined;
  /** Geocoding and elevation provider (server/modules/maps/): Mapbox with a token, else none. */
  mapbox: { token: string; apiUrl: string } | undefined;
  /** MapLibre style URLs for browsers (the first is the default); empty: only the bundled offline style. */
  mapStyleUrls: string[];
  /** Accounts that moderate (ADMIN_EMAILS), lower-case. */
  adminEmails: string[];
  /** The built SPA; absent in tests that exercise only the API. */
  spaDir: string | undefined;
};

/** Reads and checks the environment; throws one message naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO ?? e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    maxAssociates: e.MAX_ASSOCIATES,
    authRateLimit: e.AUTH_RATE_LIMIT,
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
      : undefined,
    logLevel: e.LOG_LEVEL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    jobPollMs: e.JOB_POLL_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    metricsToken: e.METRICS_TOKEN,
    activityWorkers: e.ACTIVITY_WORKERS,
    redisUrl: e.REDIS_URL,
    redisChannel: e.REDIS_CHANNEL,
    publicSocketUrl: e.PUBLIC_SOCKET_URL,
    adminEmails: e.ADMIN_EMAILS,
    mapbox: e.MAPBOX_TOKEN ? { token: e.MAPBOX_TOKEN, apiUrl: e.MAPBOX_API_URL } : undefined,
    mapStyleUrls: e.MAP_STYLE_URL,
    spaDir: path.resolve(e.SPA_DIR),
  };
}
