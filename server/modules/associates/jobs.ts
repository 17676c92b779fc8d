import type { Deps } from '../../deps';
import { INDEPENDENCE_JOB, runIndependenceJob } from './associate-notices';

/** The associates module's background job: offering independence at 16. */
export function registerAssociateJobs(deps: Deps) {
  deps.jobs.register(INDEPENDENCE_JOB, (payload) => runIndependenceJob(deps, payload), { maxAttempts: 5 });
}
