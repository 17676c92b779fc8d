import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent } from 'react';
import type { MemberCard, MemberProfile, Relationship } from '#contract/social';
import { menuItemClass } from '../../../components/ui/options-menu';
import { socialKeys, type MemberPages } from '../api';
import { useBlockMuteToggle } from '../block-mute-toggle';
import { relationshipOf } from '../follow-toggle';
import { BlockDialog } from './block-dialog';

type Member = { userId: number; handleName: string };

/**
 * The viewer's relationship with a member, as the social caches last heard it (their profile, or a card in a list;
 * `patchRelationship` keeps both current). Unknown, they count as neither blocked nor muted: content the viewer can
 * see is never a blocked or muted member's, since the server hides theirs.
 */
function knownRelationship(queryClient: QueryClient, { userId, handleName }: Member): Relationship {
  const profile = queryClient.getQueryData<MemberProfile>(socialKeys.member(handleName));
  if (profile?.userId === userId) return relationshipOf(profile);
  for (const [key, data] of queryClient.getQueriesData<MemberPages | MemberProfile>({ queryKey: socialKeys.all })) {
    if (key[1] === 'member' || !data || !('pages' in data)) continue;
    for (const page of data.pages) {
      const card = page.list.find((m: MemberCard) => m.userId === userId);
      if (card) return relationshipOf(card);
    }
  }
  return { userId, isFollowing: false, isRequested: false, isFollowedBy: false, isBlocked: false, isMuted: false };
}

type Props = {
  member: Member;
  /** Closes the menu these entries are in. */
  close(): void;
  /** The relationship, when the caller holds it (the menu on the member's profile); otherwise it is looked up. */
  relationship?: Relationship | undefined;
};

/**
 * "Mute @handle" / "Unmute" and "Block @handle" / "Unblock" as entries of an options menu: the member's own menu and,
 * through reports' ReportFollowUps (provided in src/routes/_main/route.tsx), the menus of their posts and comments.
 * Every click goes through the one block and mute toggle. Blocking asks first; the confirmation is rendered by these
 * entries, which the menu unmounts when it closes, so the menu closes only once the question is answered. Focus goes
 * back to the menu's button whenever an entry closes the menu.
 */
export function MemberMenuItems({ member, close, relationship }: Props) {
  const queryClient = useQueryClient();
  const { block, unblock, mute, unmute } = useBlockMuteToggle();
  const [confirming, setConfirming] = useState(false);
  // The menu's own button (the one whose aria-controls names the menu) gets focus back when an entry closes the menu:
  // the menu gives it back on Escape only, and the entry that was pressed is gone with the menu.
  const menuButton = useRef<HTMLElement | null>(null);
  const closeFrom = (event: MouseEvent<HTMLButtonElement>) => {
    const menuId = event.currentTarget.closest('[id]')?.id;
    menuButton.current = menuId ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menuId)}"]`) : null;
  };
  const closeMenu = () => {
    close();
    menuButton.current?.focus();
  };
  const rel = relationship ?? knownRelationship(queryClient, member);
  const handle = `@${member.handleName}`;
  return (
    <>
      <button
        type="button"
        className={menuItemClass}
        onClick={(event) => {
          closeFrom(event);
          closeMenu();
          void (rel.isMuted ? unmute(rel) : mute(rel));
        }}
      >
        {rel.isMuted ? `Unmute ${handle}` : `Mute ${handle}`}
      </button>
      <button
        type="button"
        className={rel.isBlocked ? menuItemClass : `${menuItemClass} text-danger`}
        onClick={(event) => {
          closeFrom(event);
          if (!rel.isBlocked) return setConfirming(true);
          closeMenu();
          void unblock(rel);
        }}
      >
        {rel.isBlocked ? `Unblock ${handle}` : `Block ${handle}`}
      </button>
      {confirming && (
        // The dialog is portalled out of the menu: a press inside it would count as a press elsewhere and close the
        // menu, and the dialog with it, before its button got the click.
        <span className="contents" onPointerDown={(event) => event.stopPropagation()}>
          <BlockDialog
            handleName={member.handleName}
            onConfirm={() => {
              setConfirming(false);
              closeMenu();
              void block(rel);
            }}
            onClose={() => {
              setConfirming(false);
              closeMenu();
            }}
          />
        </span>
      )}
    </>
  );
}
