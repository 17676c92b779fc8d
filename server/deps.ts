import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { SmsSender } from './lib/sms';
import type { OidcProvider } from './modules/auth/oidc-provider';

/** What services are given: no globals, so each test builds its own. */
export type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  config: AppConfig;
  google: OidcProvider | undefined;
};
