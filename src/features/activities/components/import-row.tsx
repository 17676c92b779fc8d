import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import type { ActivityImport, ImportOutcome } from '#contract/activities';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/ui/spinner';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { numberFormat } from '../../../lib/intl-format';
import { activityKeys, getImport } from '../api';

/**
 * Where one file of the importer is: waiting its turn, on its way up (percent sent), failed on the way (`refused`:
 * the server said no, e.g. too large; else it could not be sent), or sent and being read on the server.
 */
export type ImportStage =
  | { step: 'waiting' }
  | { step: 'uploading'; progress: number }
  | { step: 'failed'; message: string; refused: boolean }
  | { step: 'sent'; importId: number };

const POLL_MS = 1000;
const finished = (status: ActivityImport['status'] | undefined) => status === 'done' || status === 'failed';
/** A refusal (4xx) will not change by asking again; a 5xx or a lost connection may. */
const refused = (error: unknown) => error instanceof ApiError && error.status < 500;

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? numberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))
    : numberFormat('en', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);

type Props = {
  file: File;
  stage: ImportStage;
  /** The server has finished with the file (done or failed), as it answered then; null: it can no longer be asked. */
  onFinished(answer: ActivityImport | null): void;
};

/**
 * One file of the importer: its name and size, its upload's progress, then "Reading…" while the server works (asked
 * again every second), then what became of each activity file in it, or why it was refused. The outcome is also
 * said in a live region of its own, so a screen reader hears each file finish.
 */
export function ImportRow({ file, stage, onFinished }: Props) {
  const importId = stage.step === 'sent' ? stage.importId : 0;
  // The upload's answer is in the cache already (the importer put it there): this asks again until it is finished.
  const { data, error } = useQuery({
    queryKey: activityKeys.import(importId),
    queryFn: ({ signal }) => getImport(importId, signal),
    enabled: stage.step === 'sent',
    staleTime: Infinity,
    refetchInterval: (query) => (finished(query.state.data?.status) || refused(query.state.error) ? false : POLL_MS),
    meta: { silent: true },
  });
  // Asking stops on a refusal (the import is gone, or the session ended): the row says so and counts as finished.
  const gaveUp = !(data && finished(data.status)) && refused(error);
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    if (data && finished(data.status)) onFinished(data);
    else if (gaveUp) onFinished(null);
    else return;
    reported.current = true;
  }, [data, gaveUp, onFinished]);

  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium">{file.name}</span>
        <span className="shrink-0 text-xs tabular-nums text-muted">{fileSize(file.size)}</span>
      </div>
      <Stage file={file} stage={stage} data={data} pollError={data && finished(data.status) ? null : error} gaveUp={gaveUp} />
      <p role="status" className="sr-only">
        {announcement(file.name, stage, data)}
      </p>
    </li>
  );
}

function Stage({ file, stage, data, pollError, gaveUp }: { file: File; stage: ImportStage; data: ActivityImport | undefined; pollError: Error | null; gaveUp: boolean }) {
  if (stage.step === 'waiting') return <p className="text-sm text-muted">Waiting to upload…</p>;
  if (stage.step === 'uploading') return <UploadProgress label={`Uploading ${file.name}`} progress={stage.progress} doneText="Reading" />;
  if (stage.step === 'failed') return <Problem term={stage.refused ? 'Refused' : 'Not uploaded'}>{stage.message}</Problem>;
  if (gaveUp && pollError) return <Problem term="Unknown">{`Could not check on it: ${errorMessage(pollError)} Your activities show what was imported.`}</Problem>;
  if (!data || !finished(data.status)) {
    return (
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner size="sm" />
          Reading…
        </p>
        {pollError && <p className="text-sm text-muted">Could not check on it: {errorMessage(pollError)} Trying again.</p>}
      </div>
    );
  }
  if (data.status === 'failed') return <Problem term="Refused">{data.message ?? 'It could not be read.'}</Problem>;
  if (data.outcomes.length === 0) return <Problem term="Refused">There was no activity file in it.</Problem>;
  // A zip names each file inside it; a single file's one outcome needs no name.
  const named = data.outcomes.length > 1 || data.outcomes[0]!.fileName !== file.name;
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {data.outcomes.map((outcome, i) => (
        <li key={`${outcome.fileName}-${i}`} className="flex items-start gap-2">
          <OutcomeLine outcome={outcome} named={named} />
        </li>
      ))}
    </ul>
  );
}

const OUTCOME_WORDS = { imported: 'Imported', duplicate: 'Already imported', refused: 'Refused' } as const;

function OutcomeLine({ outcome, named }: { outcome: ImportOutcome; named: boolean }) {
  const refused = outcome.outcome === 'refused';
  return (
    <>
      <Icon name={refused ? 'close' : 'checkCircle'} className={clsx('mt-0.5 size-4 shrink-0', refused ? 'text-danger' : 'text-success')} strokeWidth="2" />
      <span className="min-w-0 break-words">
        {named && <span className="text-muted">{outcome.fileName}: </span>}
        <span className="font-semibold">{OUTCOME_WORDS[outcome.outcome]}</span>
        {refused ? (
          <>: {outcome.reason ?? 'It could not be read.'}</>
        ) : (
          outcome.activityId !== null && (
            <>
              {' '}
              <Link to="/activities/$activityId" params={{ activityId: String(outcome.activityId) }} className="font-medium text-brand underline-offset-2 hover:underline">
                {outcome.title ?? 'Open the activity'}
              </Link>
            </>
          )
        )}
      </span>
    </>
  );
}

function Problem({ term, children }: { term: string; children: string }) {
  return (
    <p className="flex items-start gap-2 text-sm">
      <Icon name="close" className="mt-0.5 size-4 shrink-0 text-danger" strokeWidth="2" />
      <span>
        <span className="font-semibold">{term}:</span> {children}
      </span>
    </p>
  );
}

/** What the row's live region says once the file is through: nothing while it is on its way. */
function announcement(name: string, stage: ImportStage, data: ActivityImport | undefined): string {
  if (stage.step === 'failed') return `${name} ${stage.refused ? 'was refused' : 'was not uploaded'}: ${stage.message}`;
  if (!data || !finished(data.status)) return '';
  if (data.status === 'failed') return `${name} was refused: ${data.message ?? 'It could not be read.'}`;
  const counts = (['imported', 'duplicate', 'refused'] as const)
    .map((kind) => [kind, data.outcomes.filter((o) => o.outcome === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind === 'imported' ? 'imported' : kind === 'duplicate' ? 'already imported' : 'refused'}`);
  return counts.length > 0 ? `${name}: ${counts.join(', ')}.` : `${name}: there was no activity file in it.`;
}
