import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Deps } from './deps';
import { JobRunner } from './jobs/runner';
import { systemClock, type Clock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { createSmsSender, type SmsSender } from './lib/sms';
import { createStorage } from './lib/storage/create-storage';
import type { Storage } from './lib/storage/storage';
import { registerAccountJobs } from './modules/account/jobs';
import { accountRoutes } from './modules/account/routes';
import { activityImportRoutes } from './modules/activities/import-routes';
import { registerActivityJobs } from './modules/activities/jobs';
import { registerVideoJobs } from './modules/videos/jobs';
import { resumableUploadRoutes } from './modules/videos/resumable-upload-routes';
import { videoRoutes } from './modules/videos/routes';
import { activityRoutes } from './modules/activities/routes';
import { gearRoutes } from './modules/gear/routes';
import { createActivityWorker } from './modules/activities/worker/worker-pool';
import { accountSecurityRoutes } from './modules/account/security-routes';
import { registerAssociateJobs } from './modules/associates/jobs';
import { registerLiveJobs } from './modules/live/jobs';
import { liveRoutes, sharedLiveRoutes } from './modules/live/routes';
import { associateRoutes } from './modules/associates/routes';
import { authRoutes } from './modules/auth/routes';
import { OidcProvider } from './modules/auth/oidc-provider';
import { publicConfig } from './modules/config/public-config';
import { configRoutes } from './modules/config/routes';
import { contactRoutes } from './modules/contact/routes';
import { eventCommentRoutes } from './modules/events/comment-routes';
import { eventReactionRoutes } from './modules/events/reaction-routes';
import { eventRoutes } from './modules/events/routes';
import { commentRoutes } from './modules/feeds/comment-routes';
import { feedRoutes } from './modules/feeds/routes';
import { healthRoutes } from './modules/health/routes';
import { mapRouteRoutes } from './modules/map-routes/routes';
import { mapStyleRoutes } from './modules/map-styles/routes';
import { mapsRoutes } from './modules/maps/routes';
import { mediaRoutes } from './modules/media/routes';
import { startUploadSweeper } from './modules/media/sweeper';
import { notificationRoutes } from './modules/notifications/routes';
import { optionsRoutes } from './modules/social/options-routes';
import { moderationRoutes } from './modules/moderation/routes';
import { reportRoutes } from './modules/reports/routes';
import { reviewRoutes } from './modules/moderation/review-routes';
import { grantModerators } from './modules/moderation/moderators';
import { socialRoutes } from './modules/social/routes';
import { countryRoutes, userRoutes } from './modules/users/routes';
import { registerAuthentication, signedIn } from './plugins/authenticate';
import { registerCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerMetrics } from './plugins/metrics';
import { registerNulTextGuard } from './plugins/nul-text';
import { registerPermissionGate, type PermissionNeed } from './plugins/permission-gate';
import { registerRateLimits } from './plugins/rate-limit';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import type { Bus } from './realtime/bus';
import { createBus } from './realtime/create-bus';
import { requestLogFields } from './realtime/redact-token';
import { socketRoutes, type SocketTimings } from './realtime/socket-routes';

/** One route as registered; the schemas are the zod ones the route validates with (or none). */
export type RouteTableEntry = { method: string; url: string; params?: unknown; querystring?: unknown; body?: unknown; permission?: PermissionNeed | undefined };

export type BuildOptions = {
  config: AppConfig;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
  /** Media storage; by default from the config (disk, or S3 when S3_BUCKET is set). The app closes it. */
  storage?: Storage;
  /** The live bus; by default from the config. The app closes it. */
  bus?: Bus;
  /** Heartbeat and session re-check intervals of the live socket; tests shorten them. */
  socketTimings?: SocketTimings;
  /** The database pool's state, for /metrics (PostgreSQL). */
  poolStats?: Database['poolStats'];
};

/** Builds the whole server from its configuration; `index.ts` starts it, tests `inject` into it. */
export async function buildApp({ config, db, clock = systemClock, mailer, sms, storage, bus, socketTimings, poolStats }: BuildOptions) {
  const app = Fastify({
    // The live socket's token may ride in the URL (`/ws?token=`): request lines log the URL without it.
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { req: requestLogFields } },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // A line per request only when asked for (LOG_LEVEL=debug); errors are always logged with their request id.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    // A path Fastify cannot route (broken escapes, an over-long parameter) is answered in the wire's error shape.
    frameworkErrors,
    clientErrorHandler,
  });
  // Every route with its request schemas, collected before any is added: check 10's test reads it to find each route
  // that takes an id, so a new one fails that test until it is covered.
  const routeTable: RouteTableEntry[] = [];
  app.addHook('onRoute', ({ method, url, schema, config }) => {
    const permission = (config as { permission?: PermissionNeed } | undefined)?.permission;
    for (const m of [method].flat()) routeTable.push({ method: m, url, params: schema?.params, querystring: schema?.querystring, body: schema?.body, permission });
  });
  app.decorate('routeTable', routeTable as readonly RouteTableEntry[]);
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against the contract in development and tests; production trusts the typed handlers.
  app.setSerializerCompiler(config.env === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler);

  const deps: Deps = {
    db,
    clock,
    config,
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    sms: sms ?? createSmsSender({ webhookUrl: config.smsWebhookUrl, dataDir: config.dataDir, log: app.log }),
    google: config.google ? new OidcProvider(config.google.issuer, config.google.clientId, config.google.clientSecret) : undefined,
    storage: storage ?? createStorage(config),
    jobs: new JobRunner({ db, clock, log: app.log, pollMs: config.jobPollMs || undefined }),
    bus: bus ?? createBus(config, app.log),
    activityWorker: createActivityWorker(config.activityWorkers),
  };
  app.decorate('deps', deps);
  // ADMIN_EMAILS' accounts moderate from the start (server/modules/moderation/moderators.ts).
  await grantModerators(db, config.adminEmails);

  registerErrorHandler(app);
  registerNulTextGuard(app);
  registerSecurityHeaders(app);
  registerMetrics(app, deps, config.metricsToken, poolStats);
  await registerCompression(app);
  await registerRateLimits(app, config);
  registerAuthentication(app, deps);
  registerPermissionGate(app);
  await registerOpenApi(app);

  await authRoutes(app, deps);
  await associateRoutes(app, deps);
  countryRoutes(app);
  // Every route of these modules is for signed-in members: one scope guards them and documents the token.
  await signedIn(app, async (member) => {
    userRoutes(member, deps);
    socialRoutes(member, deps);
    moderationRoutes(member, deps);
    reportRoutes(member, deps);
    reviewRoutes(member, deps);
    optionsRoutes(member, deps);
    notificationRoutes(member, deps);
    feedRoutes(member, deps);
    commentRoutes(member, deps);
    eventRoutes(member, deps);
    eventCommentRoutes(member, deps);
    eventReactionRoutes(member, deps);
    activityRoutes(member, deps);
    liveRoutes(member, deps);
    gearRoutes(member, deps);
    await activityImportRoutes(member, deps);
    mapsRoutes(member, deps);
    await mapRouteRoutes(member, deps);
    accountRoutes(member, deps);
    accountSecurityRoutes(member, deps);
  });
  mapStyleRoutes(app);
  contactRoutes(app, deps);
  sharedLiveRoutes(app, deps);
  configRoutes(app, deps);
  healthRoutes(app, deps);
  await mediaRoutes(app, deps);
  await videoRoutes(app, deps);
  await resumableUploadRoutes(app, deps);
  await socketRoutes(app, deps, socketTimings);
  registerAccountJobs(deps);
  registerActivityJobs(deps);
  registerAssociateJobs(deps);
  registerLiveJobs(deps);
  registerVideoJobs(deps, app.log);

  await registerSpa(app, config.spaDir, () => publicConfig(deps, app.log));
  // Background jobs run once the app is ready (unless JOB_POLL_MS=0); on close they stop, finishing the running one
  // within the shutdown's grace or releasing it to another process, before any onClose hook closes what they use.
  if (config.jobPollMs > 0) app.addHook('onReady', async () => deps.jobs.start());
  app.addHook('preClose', async () => deps.jobs.stop(config.shutdownGraceMs));
  app.addHook('onClose', async () => {
    await Promise.all([deps.mailer.flush(), deps.sms.flush()]);
  });
  // Uploads never attached are removed after a day: swept once the app is ready, then hourly.
  let sweeper: ReturnType<typeof startUploadSweeper> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startUploadSweeper(deps, app.log);
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
    await deps.storage.close();
    await deps.bus.close();
    await deps.activityWorker.close();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    routeTable: readonly RouteTableEntry[];
  }
}
