import clsx from 'clsx';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from './button';

type Props = {
  /** The bar's accessible name, e.g. `Uploading ride.gpx`. */
  label: string;
  /** Percent sent, 0–100. At 100 the file is up and the server is working on it. */
  progress: number;
  /** What the server does once everything is sent, e.g. `Processing` or `Reading the route`. */
  doneText?: string;
  /** Shown above the bar, e.g. the file's name. */
  caption?: string;
  /** Given, a Cancel button sits beside the bar. */
  onCancel?: () => void;
  cancelLabel?: string;
  className?: string;
};

/**
 * A file on its way to the server: the bar (a real `progressbar`, its value read as a percentage, then as
 * `doneText`), the percentage in words, and a way to stop. One look for every upload in the app.
 */
export function UploadProgress({ label, progress, doneText = 'Processing', caption, onCancel, cancelLabel = 'Cancel upload', className }: Props) {
  const sent = progress >= 100;
  return (
    <div className={clsx('flex min-w-0 items-center gap-2', className)}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-baseline justify-between gap-2 text-xs text-muted" aria-hidden="true">
          {caption && <span className="min-w-0 truncate">{caption}</span>}
          <span className="ml-auto shrink-0 tabular-nums">{sent ? `${doneText}…` : `${progress}%`}</span>
        </div>
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={sent ? doneText : `${progress}%`}
          className="h-2 overflow-hidden rounded-full bg-line"
        >
          <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      </div>
      {onCancel && (
        <Button variant="ghost" className="shrink-0" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
    </div>
  );
}

/**
 * The state behind an UploadProgress. `start(name)` hands one upload its abort signal, its progress callback and
 * `done` (a new upload stops the one before); `cancel` stops it. Leaving the page mid-upload stops sending.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState('');
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = (name: string) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setFileName(name);
    setProgress(0);
    return {
      signal: abort.signal,
      // XHR can report progress once more after a cancel; it must not bring the finished bar back.
      onProgress: (fraction: number) => {
        if (!abort.signal.aborted) setProgress(Math.round(fraction * 100));
      },
      /** Sent, failed or cancelled: the bar goes, unless a newer upload has taken its place. */
      done: () => {
        if (controller.current !== abort) return;
        controller.current = null;
        setProgress(null);
      },
    };
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setProgress(null);
  };

  return { progress, fileName, uploading: progress !== null, start, cancel };
}

/**
 * Tells a form whether an upload is under way, so it holds its save until the upload's key is in. A layout effect:
 * a save clicked in the same instant already finds the buttons held. Unmounting says it is over.
 */
export function useReportBusy(busy: boolean, onBusyChange: ((busy: boolean) => void) | undefined) {
  const report = useRef(onBusyChange);
  useLayoutEffect(() => {
    report.current = onBusyChange;
  });
  useLayoutEffect(() => report.current?.(busy), [busy]);
  useEffect(() => () => report.current?.(false), []);
}
