import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Deps } from './deps';
import { systemClock, type Clock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { createSmsSender, type SmsSender } from './lib/sms';
import { authRoutes } from './modules/auth/routes';
import { OidcProvider } from './modules/auth/oidc-provider';
import { configRoutes } from './modules/config/routes';
import { contactRoutes } from './modules/contact/routes';
import { healthRoutes } from './modules/health/routes';
import { mapStyleRoutes } from './modules/map-styles/routes';
import { userRoutes } from './modules/users/routes';
import { registerAuthentication } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

export type BuildOptions = {
  config: AppConfig;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
};

/** Builds the whole server from its configuration; `index.ts` starts it, tests `inject` into it. */
export async function buildApp({ config, db, clock = systemClock, mailer, sms }: BuildOptions) {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // A line per request only when asked for (LOG_LEVEL=debug); errors are always logged with their request id.
    disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
  });
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
  };
  app.decorate('deps', deps);

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  registerAuthentication(app, deps);
  await registerOpenApi(app);

  authRoutes(app, deps);
  userRoutes(app, deps);
  mapStyleRoutes(app);
  contactRoutes(app, deps);
  configRoutes(app, deps);
  healthRoutes(app, deps);

  await registerSpa(app, config.spaDir);
  app.addHook('onClose', async () => {
    await Promise.all([deps.mailer.flush(), deps.sms.flush()]);
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
