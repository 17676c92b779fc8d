import { useState } from 'react';
import { MAX_LIVE_WATCHERS, MAX_SAFETY_CONTACTS, type LiveLinkMade, type OwnLiveSession } from '#contract/live';
import { email } from '#contract/rules';
import type { MemberSummary } from '#contract/social';
import { Avatar } from '../../../components/avatar';
import { MemberPicker } from '../../../components/member-picker';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { displayName } from '../../../lib/display-name';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session-context';
import { useMakeLiveLink, useRevokeLiveLink, useSetLivePeople } from '../live-mutations';
import { AUDIENCE_WORDS } from '../live-words';
import { useLiveMembers } from '../use-live-members';

/**
 * Who may watch, changeable while live: the audience, the members chosen, the safety contacts (members, and e-mail
 * addresses as links that can be turned off). A new link's address shows this once, to copy.
 */
export function LivePeople({ own }: { own: OwnLiveSession }) {
  const { user } = useSession();
  const people = useSetLivePeople();
  const me = new Set(user ? [user.userId] : []);
  const save = (watchers: MemberSummary[], contacts: MemberSummary[]) =>
    people.mutate({ liveId: own.id, watcherIds: watchers.map((m) => m.userId), contactIds: contacts.map((m) => m.userId) });
  const activeLinks = own.links.filter((l) => !l.revoked);

  return (
    <section aria-labelledby="live-people" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4">
      <div>
        <h2 id="live-people" className="text-lg font-bold">
          Who may watch
        </h2>
        <p className="text-sm text-muted">
          {AUDIENCE_WORDS[own.audience].label}: {AUDIENCE_WORDS[own.audience].hint}
        </p>
      </div>
      {own.audience === 'chosen' && (
        <MemberPicker
          label="Members who may watch"
          hint="Members who follow you, or whom you follow."
          max={MAX_LIVE_WATCHERS}
          value={own.watchers}
          onChange={(next) => save(next, own.contacts)}
          useOptions={useLiveMembers}
          exclude={me}
        />
      )}
      <MemberPicker
        label="Safety contacts (members)"
        hint="Alerted if you do not answer “Are you OK?”."
        max={Math.max(own.contacts.length, MAX_SAFETY_CONTACTS - activeLinks.length)}
        value={own.contacts}
        onChange={(next) => save(own.watchers, next)}
        useOptions={useLiveMembers}
        exclude={me}
      />
      <LinkList own={own} />
    </section>
  );
}

function LinkList({ own }: { own: OwnLiveSession }) {
  const revoke = useRevokeLiveLink();
  const make = useMakeLiveLink();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [made, setMade] = useState<LiveLinkMade | null>(null);
  const activeLinks = own.links.filter((l) => !l.revoked);
  const full = activeLinks.length + own.contacts.length >= MAX_SAFETY_CONTACTS;

  const add = () => {
    const parsed = email.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
    setError(undefined);
    make.mutate(
      { liveId: own.id, email: parsed.data },
      {
        onSuccess: (answer) => {
          setMade(answer);
          setDraft('');
        },
      },
    );
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied.');
    } catch {
      toast.failure('The link could not be copied: select it and copy it yourself.');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">Safety contacts by e-mail</h3>
      {activeLinks.length === 0 ? (
        <p className="text-sm text-muted">No one by e-mail.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {activeLinks.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface-2 px-3 py-2">
              <span className="min-w-0 truncate text-sm">{link.email}</span>
              <Button variant="secondary" size="sm" busy={revoke.isPending && revoke.variables?.linkId === link.id} aria-label={`Turn off the link for ${link.email}`} onClick={() => revoke.mutate({ liveId: own.id, linkId: link.id })}>
                Turn off
              </Button>
            </li>
          ))}
        </ul>
      )}
      {made && (
        <div role="status" className="flex flex-col gap-2 rounded-xl border border-brand p-3">
          <p className="text-sm">
            Link for {made.link.email}, shown this once (they also got it by e-mail):
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <input readOnly aria-label={`Link for ${made.link.email}`} value={made.url} className="min-h-11 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 text-sm" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" onClick={() => void copy(made.url)}>
              Copy link
            </Button>
          </div>
        </div>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
        noValidate
      >
        <TextField
          type="email"
          label="Add a safety contact by e-mail"
          className="min-w-0 flex-1"
          value={draft}
          error={error}
          disabled={full}
          hint={full ? `That is ${MAX_SAFETY_CONTACTS} safety contacts, the most there can be.` : undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary" busy={make.isPending} disabled={full || draft.trim() === ''}>
          Send link
        </Button>
      </form>
    </div>
  );
}

/** Who opened the map in the last two minutes, newest first. */
export function WatchingNow({ watching }: { watching: OwnLiveSession['watching'] }) {
  return (
    <section aria-labelledby="live-watching" className="flex flex-col gap-2">
      <h2 id="live-watching" className="text-sm font-medium">
        Watching now
      </h2>
      {watching.length === 0 ? (
        <p className="text-sm text-muted">No one is watching right now.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Watching now">
          {watching.map(({ member }) => (
            <li key={member.userId} title={displayName(member)} className="flex items-center gap-2 rounded-full bg-surface-2 py-1 pr-3 pl-1 text-sm">
              <Avatar src={member.profileImage} name={displayName(member)} size="sm" />
              {displayName(member)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
