import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { JobRunner } from './jobs/runner';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { SmsSender } from './lib/sms';
import type { Bus } from './realtime/bus';
import type { Storage } from './lib/storage/storage';
import type { ActivityWorker } from './modules/activities/worker/worker-pool';
import type { OidcProvider } from './modules/auth/oidc-provider';

/** What services are given: no globals, so each test builds its own. */
export type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  config: AppConfig;
  google: OidcProvider | undefined;
  /** Media files: `DATA_DIR/media/`, or the S3 bucket when `S3_BUCKET` is set. */
  storage: Storage;
  /** Background jobs: handlers register here; work is enqueued with `enqueue(tx, ...)` (server/jobs/queue.ts). */
  jobs: JobRunner;
  /** Live fan-out to WebSockets: in-process, or Redis pub/sub when `REDIS_URL` is set (server/realtime/). */
  bus: Bus;
  /** Worker threads for activity files and tracks (issue 21): CPU-bound work off the event loop. */
  activityWorker: ActivityWorker;
};
