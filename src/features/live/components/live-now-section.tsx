import type { LiveCard } from '#contract/live';
import { LiveSessions } from './live-sessions';

/** "Live now": everyone this member may watch, on one map and as a list; the list itself is asked again every 30 s. */
export function LiveNowSection({ sessions }: { sessions: LiveCard[] }) {
  return (
    <section aria-labelledby="live-now" className="flex flex-col gap-3">
      <h2 id="live-now" className="text-xl font-bold">
        Live now
      </h2>
      {sessions.length === 0 ? (
        <p className="rounded-xl bg-surface-2 p-4 text-sm text-muted">No one you may watch is live right now. When someone shares with you, they show here.</p>
      ) : (
        <LiveSessions sessions={sessions} mapLabel="Map of everyone live" />
      )}
    </section>
  );
}
