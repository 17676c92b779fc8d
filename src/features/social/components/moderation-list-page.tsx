import { useState } from 'react';
import type { MemberCard } from '#contract/social';
import { SearchBox } from '../../../components/search-box';
import { buttonClass } from '../../../components/ui/button';
import type { ModerationListKind } from '../api';
import { MemberList } from './member-list';
import { MemberRow } from './member-row';
import { useSearchText } from '../use-search-text';
import { moderationListQuery } from '../moderation-api';
import { useBlockMuteToggle } from '../block-mute-toggle';
import { BlockDialog } from './block-dialog';

const PAGES = {
  blocked: {
    title: 'Blocked members',
    intro: "Members you blocked can't find your profile or follow you, and neither of you sees the other's posts, events or comments.",
    search: 'Search the members you blocked',
    empty: { title: "You haven't blocked anyone.", hint: 'To block someone, open their profile and choose Block in its ⋯ menu.' },
  },
  muted: {
    title: 'Muted members',
    intro: "You don't see the posts, comments or notifications of members you muted. They aren't told, and follows stay as they are.",
    search: 'Search the members you muted',
    empty: { title: "You haven't muted anyone.", hint: 'To mute someone, open their profile and choose Mute in its ⋯ menu.' },
  },
} as const;

/**
 * `/manage-users/blocked` and `/manage-users/muted`: the viewer's blocked or muted members, searchable, each with the
 * button that undoes it. An undone row stays, its button turned back to Block or Mute, so a slip is one click away
 * from being put right; the list drops it on the next visit.
 */
function ModerationListPage({ kind }: { kind: ModerationListKind }) {
  const page = PAGES[kind];
  const { text, setText, settled } = useSearchText();
  const { block, unblock, mute, unmute } = useBlockMuteToggle();
  const [blocking, setBlocking] = useState<MemberCard | null>(null);

  const action = (m: MemberCard) => {
    const on = kind === 'blocked' ? m.isBlocked : m.isMuted;
    const word = kind === 'blocked' ? (on ? 'Unblock' : 'Block') : on ? 'Unmute' : 'Mute';
    const onClick = () => {
      if (kind === 'muted') void (on ? unmute(m) : mute(m));
      else if (on) void unblock(m);
      else setBlocking(m);
    };
    return (
      <button type="button" aria-label={`${word} @${m.handleName}`} onClick={onClick} className={buttonClass(on ? 'secondary' : 'primary', 'min-w-28', 'sm')}>
        {word}
      </button>
    );
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{page.title}</h1>
        <p className="text-sm text-muted">{page.intro}</p>
      </header>
      <SearchBox value={text} onChange={setText} label={page.search} placeholder="Search by name or handle" />
      <MemberList
        query={moderationListQuery(kind, settled)}
        label={page.title}
        searching={settled !== ''}
        empty={page.empty}
        renderRow={(m) => <MemberRow member={m} action={action(m)} />}
      />
      {blocking && (
        <BlockDialog
          handleName={blocking.handleName}
          onConfirm={() => {
            setBlocking(null);
            void block(blocking);
          }}
          onClose={() => setBlocking(null)}
        />
      )}
    </div>
  );
}

export const BlockedMembersPage = () => <ModerationListPage kind="blocked" />;
export const MutedMembersPage = () => <ModerationListPage kind="muted" />;
