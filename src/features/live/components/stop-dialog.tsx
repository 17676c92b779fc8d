import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ACTIVITY_VISIBILITIES, type ActivityVisibility } from '#contract/activities';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useStopLive } from '../live-mutations';

/** What the sharer sees of "who sees it" (the activity's own words, handed in by the route's page). */
export type VisibilityWords = Record<ActivityVisibility, { label: string; hint: string }>;
/** What a saved activity changes in the activities' cache (their own effect, handed in by the route's page). */
export type ActivitySaved = (queryClient: QueryClient) => void;

type Props = {
  liveId: number;
  visibilityWords: VisibilityWords;
  onActivitySaved: ActivitySaved;
  /** Sends the positions still waiting, so the saved activity ends where the sharer stopped. */
  beforeStop(): Promise<void>;
  onStopped(): void;
  onClose(): void;
};

/** "Stop": the track kept as an activity (with a title and who sees it) and opened, or thrown away. */
export function StopDialog({ liveId, visibilityWords, onActivitySaved, beforeStop, onStopped, onClose }: Props) {
  const navigate = useNavigate();
  const stop = useStopLive(onActivitySaved);
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<ActivityVisibility>('followers');
  const [choice, setChoice] = useState<'save' | 'discard' | null>(null);
  const legendId = useId();

  const finish = async (save: boolean) => {
    setChoice(save ? 'save' : 'discard');
    await beforeStop();
    const { data } = await stop.mutateAsync({ liveId, body: save ? { save, ...(title.trim() ? { title: title.trim() } : {}), visibility } : { save } }).catch(() => ({ data: null }));
    if (!data) return setChoice(null);
    onStopped();
    if (data.activityId !== null) await navigate({ to: '/activities/$activityId', params: { activityId: String(data.activityId) } });
  };

  return (
    <Dialog title="Stop sharing" description={<p className="text-muted">Save the track as an activity, or discard it. Watchers see that you have stopped.</p>} onClose={onClose}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void finish(true);
        }}
      >
        <TextField label="Title (optional)" maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} hint="Left empty, it is named after the time of day." />
        <fieldset className="flex flex-col gap-2" aria-describedby={legendId}>
          <legend id={legendId} className="mb-1 text-sm font-medium">
            Who sees the activity
          </legend>
          {ACTIVITY_VISIBILITIES.map((value) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3 hover:bg-surface-2 has-[:checked]:border-brand">
              <input type="radio" name="visibility" value={value} checked={visibility === value} onChange={() => setVisibility(value)} className="mt-1 size-4 shrink-0 accent-brand" />
              <span className="flex flex-col">
                <span className="text-sm font-semibold">{visibilityWords[value].label}</span>
                <span className="text-xs text-muted">{visibilityWords[value].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => void finish(false)} busy={choice === 'discard'} disabled={choice !== null}>
            Discard
          </Button>
          <Button type="submit" busy={choice === 'save'} disabled={choice !== null}>
            Save activity
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
