import { Link } from '@tanstack/react-router';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ProfileHeader } from './profile-header';

/** One figure of the counts line ("1.2K followers"); a link where it leads somewhere (your followers, or theirs). */
export type ProfileStat = {
  value: string;
  label: string;
  link?: { to: '/followers' | '/following' } | { to: '/profile/$username/$list'; params: { username: string; list: 'followers' | 'following' } };
};

type Props = Omit<ComponentProps<typeof ProfileHeader>, 'titleId' | 'stats'> & {
  /** The counts line; none when the viewer may not see them (a private profile they do not follow). */
  stats?: readonly ProfileStat[] | undefined;
  /** Under the header: what the page offers there, then the content tabs (or why there are none). */
  children: ReactNode;
};

/**
 * A member's page, your own or someone else's: one page and one tab strip (`ProfileTabs`) for both, so they cannot
 * drift apart. They differ only by what they offer, which each passes in: your own (own-profile-page.tsx) has Edit
 * profile, links to your followers, your distance and your phone number; someone else's (the social area's member
 * page) has the follow button and "Follows you".
 */
export function ProfilePage({ stats, children, ...header }: Props) {
  const titleId = useId();
  // The tab is named after the member, on every tab of their page.
  useDocumentTitle(header.name);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <ProfileHeader
        {...header}
        titleId={titleId}
        stats={
          stats &&
          stats.map((stat) => {
            const figure = (
              <>
                <strong className="tabular-nums text-fg">{stat.value}</strong> <span className="text-muted">{stat.label}</span>
              </>
            );
            return stat.link ? (
              <Link key={stat.label} {...stat.link} className="rounded hover:underline">
                {figure}
              </Link>
            ) : (
              <span key={stat.label}>{figure}</span>
            );
          })
        }
      />
      {children}
    </div>
  );
}
