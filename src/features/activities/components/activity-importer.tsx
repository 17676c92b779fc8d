import { useMutation, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ACTIVITY_FILE_EXTENSIONS, ACTIVITY_FILE_MAX_MB, ACTIVITY_ZIP_MAX_MB, type ActivityImport } from '#contract/activities';
import { Icon } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import { FileButton } from '../../../components/ui/file-button';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { refetchActivitiesOnAdd } from '../activity-cache';
import { activityKeys, importActivityFile } from '../api';
import { ImportRow, type ImportStage } from './import-row';

/** Two uploads at a time: a batch of forty files neither waits on one slow file nor floods a phone's connection. */
const UPLOADS_AT_ONCE = 2;
const MB = 1024 * 1024;

/** `finished`: the server has read it (or refused it), so the row may be cleared. */
type Item = { key: number; file: File; stage: ImportStage; finished: boolean };
type Sending = { file: File; signal: AbortSignal; onProgress(fraction: number): void };

/**
 * Activity files in: drop several on the zone or pick them with the button (keyboard and screen readers use the
 * button). Each gets its own row, uploaded two at a time, then read on the server; when an import brings new
 * activities, the log and its summary are asked for again. Leaving the page stops the uploads still going.
 */
export function ActivityImporter() {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const waiting = useRef<Item[]>([]);
  const running = useRef(0);
  const nextKey = useRef(1);
  const controller = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  // Silent: each row says what went wrong with its file (a 401 still ends the session, as everywhere).
  const upload = useMutation({
    mutationFn: ({ file, signal, onProgress }: Sending) => importActivityFile(file, { signal, onProgress }),
    meta: { silent: true },
  });

  const update = (key: number, change: Partial<Item>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const setStage = (key: number, stage: ImportStage) => update(key, { stage, finished: stage.step === 'failed' });

  const send = ({ key, file }: Item) => {
    const { signal } = controller.current;
    running.current += 1;
    setStage(key, { step: 'uploading', progress: 0 });
    upload
      .mutateAsync({ file, signal, onProgress: (fraction) => setStage(key, { step: 'uploading', progress: Math.round(fraction * 100) }) })
      .then(
        (answer) => {
          queryClient.setQueryData<ActivityImport>(activityKeys.import(answer.id), answer);
          setStage(key, { step: 'sent', importId: answer.id });
        },
        (error: unknown) => {
          if (signal.aborted) return;
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          setStage(key, { step: 'failed', message: errorMessage(error), refused });
        },
      )
      .finally(() => {
        running.current -= 1;
        if (!signal.aborted) sendNext();
      });
  };

  const sendNext = () => {
    while (running.current < UPLOADS_AT_ONCE && waiting.current.length > 0) send(waiting.current.shift()!);
  };

  const add = (files: File[]) => {
    const added = files.map((file): Item => {
      const key = nextKey.current++;
      // Past the largest the server takes at all, the answer is known: no point sending hundreds of megabytes first.
      if (file.size > ACTIVITY_ZIP_MAX_MB * MB) {
        const message = `It is larger than ${ACTIVITY_ZIP_MAX_MB} MB, the most a zip of activities may be.`;
        return { key, file, stage: { step: 'failed', refused: true, message }, finished: true };
      }
      return { key, file, stage: { step: 'waiting' }, finished: false };
    });
    setItems((list) => [...list, ...added]);
    waiting.current.push(...added.filter((item) => item.stage.step === 'waiting'));
    sendNext();
  };

  const onFinished = (key: number, answer: ActivityImport | null) => {
    update(key, { finished: true });
    if (answer?.outcomes.some((o) => o.outcome === 'imported')) refetchActivitiesOnAdd(queryClient);
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving over the zone's own text and button is not leaving it.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="sr-only">
        Import activities
      </h2>
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={clsx(
          'flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed p-5 text-center transition-colors',
          dragging ? 'border-brand bg-surface-2' : 'border-line bg-surface',
        )}
      >
        <Icon name="share" className="size-8 text-brand" strokeWidth="2" />
        <p className="font-semibold">Drop GPX, TCX or FIT files here, or a zip of them</p>
        <p className="max-w-md text-sm text-muted">
          A Strava bulk export works too. Up to {ACTIVITY_FILE_MAX_MB} MB a file and {ACTIVITY_ZIP_MAX_MB} MB a zip; gzipped files are fine.
        </p>
        <FileButton multiple accept={ACTIVITY_FILE_EXTENSIONS.join(',')} onFiles={add} className="mt-1">
          Choose files
        </FileButton>
      </div>
      {items.length > 0 && (
        <>
          <ul aria-label="Files to import" className="flex flex-col gap-2">
            {items.map((item) => (
              <ImportRow key={item.key} file={item.file} stage={item.stage} onFinished={(answer) => onFinished(item.key, answer)} />
            ))}
          </ul>
          {items.some((item) => item.finished) && (
            <Button variant="ghost" size="sm" className="self-end" onClick={() => setItems((list) => list.filter((item) => !item.finished))}>
              Clear finished
            </Button>
          )}
        </>
      )}
    </section>
  );
}
