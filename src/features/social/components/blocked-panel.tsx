import type { Relationship } from '#contract/social';
import { Button } from '../../../components/ui/button';
import { useBlockMuteToggle } from '../block-mute-toggle';

/** Where a blocked member's content tabs would be: who is blocked, what it means, and the way back. */
export function BlockedPanel({ member }: { member: Relationship & { handleName: string } }) {
  const { unblock } = useBlockMuteToggle();
  return (
    <section aria-labelledby="blocked-title" className="flex flex-col items-center gap-2 rounded-2xl border border-line bg-surface p-8 text-center">
      <h2 id="blocked-title" className="break-all text-lg font-bold">
        You blocked @{member.handleName}
      </h2>
      <p className="max-w-sm text-sm text-muted">
        You don't see their posts here, and they can't find your profile, see your posts or follow you.
      </p>
      <Button variant="secondary" className="mt-2" onClick={() => void unblock(member)}>
        Unblock
      </Button>
    </section>
  );
}
