import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import { markVideoFailed, runProcessVideoJob } from './process-video-job';
import { PROCESS_VIDEO_JOB } from './video-uploads';

/** The videos module's background job: making an arrived video web-ready (issue 22). */
export function registerVideoJobs(deps: Deps, log: Pick<FastifyBaseLogger, 'warn'>) {
  const jobDeps = { ...deps, log };
  deps.jobs.register(PROCESS_VIDEO_JOB, (payload) => runProcessVideoJob(jobDeps, payload), {
    maxAttempts: 4,
    onGiveUp: (payload) => markVideoFailed(jobDeps, payload),
  });
}
