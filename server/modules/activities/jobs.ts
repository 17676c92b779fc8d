import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { activities } from '../../db/schema/activities';
import { makeViews } from './activity-views';
import { IMPORT_JOB, markImportFailed, runImportJob } from './import-service';
import { REFRESH_VIEWS_JOB } from './privacy/privacy-service';

/** The activities module's background jobs: reading imports, and making a member's views again after a privacy change. */
export function registerActivityJobs(deps: Deps) {
  deps.jobs.register(IMPORT_JOB, (payload) => runImportJob(deps, payload), { maxAttempts: 3, onGiveUp: (payload) => markImportFailed(deps, payload) });
  deps.jobs.register(
    REFRESH_VIEWS_JOB,
    async (payload) => {
      const rows = await deps.db.select({ id: activities.id }).from(activities).where(eq(activities.userId, Number(payload.userId)));
      // makeViews keeps a view already made under the current settings (a read may have made it first).
      for (const row of rows) await makeViews(deps, row.id);
    },
    { maxAttempts: 5 },
  );
}
