import type { Deps } from '../../deps';
import { expireLive } from './live-end';
import { LIVE_NOTICES_JOB, runStartedNotices } from './live-notices';
import { LIVE_CHECK_JOB, runCheckJob } from './live-safety';

/** The live module's background jobs: telling who may watch that a session started, and the safety check. */
export function registerLiveJobs(deps: Deps) {
  deps.jobs.register(LIVE_NOTICES_JOB, (payload) => runStartedNotices(deps, payload), { maxAttempts: 3 });
  deps.jobs.register(LIVE_CHECK_JOB, (payload) => runCheckJob(deps, payload, (live) => expireLive(deps, live)), { maxAttempts: 5 });
}
