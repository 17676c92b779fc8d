import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { messages } from '../../../lib/messages';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { accountKeys, EXPORT_POLL_MS, exportStatusQuery, useDownloadExport, useStartExport } from '../api';

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * "Download my data": starts an export, shows that it is being prepared while polling its status, then downloads the
 * zip (fetched with the session's token and saved through an object URL). It can be saved again until it expires.
 */
export function DownloadMyData({ pollMs = EXPORT_POLL_MS }: { pollMs?: number }) {
  const queryClient = useQueryClient();
  const [exportId, setExportId] = useState<number | null>(null);
  const start = useStartExport();
  const download = useDownloadExport();
  const status = useQuery({ ...exportStatusQuery(exportId ?? 0, pollMs), enabled: exportId !== null });
  const current = exportId === null ? undefined : status.data;
  const state = current?.status;

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (data) => {
        queryClient.setQueryData(accountKeys.export(data.exportId), data);
        setExportId(data.exportId);
      },
    });

  const save = (id: number, announce: boolean) =>
    download.mutate(id, {
      onSuccess: ({ blob, filename }) => {
        saveFile(blob, filename ?? 'switchback-export.zip');
        if (announce) toast.success(messages.auth.exportReady);
      },
    });

  // The first time an export is seen ready, its download starts by itself.
  const readyId = current?.status === 'ready' ? current.exportId : null;
  const savedId = useRef<number | null>(null);
  const onReady = useEffectEvent((id: number) => save(id, true));
  useEffect(() => {
    if (readyId !== null && savedId.current !== readyId) {
      savedId.current = readyId;
      onReady(readyId);
    }
  }, [readyId]);

  const preparing = start.isPending || state === 'pending';

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">Download my data</h3>
        <p className="text-sm text-muted">
          One zip file with everything Switchback keeps about you: your profile and settings, where and when you signed in,
          and the original photos you uploaded.
        </p>
      </div>
      <p role="status" className="text-sm empty:hidden">
        {preparing && (
          <span className="inline-flex items-center gap-2">
            <Spinner size="sm" />
            Preparing your data… This can take a few minutes; you can keep using Switchback.
          </span>
        )}
        {state === 'ready' && current && (
          <>
            Your data is ready{current.bytes !== null ? ` (${formatBytes(current.bytes)})` : ''}.
            {current.expiresAt && ` You can download it until ${formatDate(current.expiresAt)}.`}
          </>
        )}
        {state === 'failed' && 'We could not prepare your data. Please try again.'}
        {state === 'expired' && 'Your last download has expired. Start a new one.'}
      </p>
      <div>
        {state === 'ready' && current ? (
          <Button variant="secondary" busy={download.isPending} onClick={() => save(current.exportId, false)}>
            Download again
          </Button>
        ) : (
          <Button variant="secondary" busy={preparing} onClick={begin}>
            {state === 'failed' ? 'Try again' : 'Download my data'}
          </Button>
        )}
      </div>
    </div>
  );
}
