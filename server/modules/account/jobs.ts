import type { Deps } from '../../deps';
import { REMOVE_FILES_JOB, runRemoveFilesJob } from './delete-service';
import { EXPORT_EXPIRE_JOB, EXPORT_JOB, markExportFailed, runExportExpiryJob, runExportJob } from './export-service';

/** The account module's background jobs: making exports, expiring them, removing a deleted member's files. */
export function registerAccountJobs(deps: Deps) {
  deps.jobs.register(EXPORT_JOB, (payload) => runExportJob(deps, payload), {
    maxAttempts: 3,
    onGiveUp: (payload) => markExportFailed(deps, payload),
  });
  deps.jobs.register(EXPORT_EXPIRE_JOB, (payload) => runExportExpiryJob(deps, payload), { maxAttempts: 10 });
  deps.jobs.register(REMOVE_FILES_JOB, (payload) => runRemoveFilesJob(deps, payload), { maxAttempts: 10 });
}
