import type { ReactNode } from 'react';
import { SPORTS } from '#contract/sports';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons';
import { CoverImage } from './cover-image';

type Props = {
  /** The heading's id, which names the section. */
  titleId: string;
  /** What the heading says: the member's names, or their handle when they have none. */
  name: string;
  handleName: string;
  profileImage: string | null;
  profileCoverImage: string | null;
  isPrivate: boolean;
  bio: string | null;
  sports: number[];
  location: string | null;
  /** Top right, beside the avatar: "Edit profile" on your own, the follow button on someone else's. */
  action?: ReactNode;
  /** Small marks after the handle, e.g. "Follows you". */
  marks?: ReactNode;
  /** More `<div><dt/><dd/></div>` facts after the location, e.g. "Member since". */
  facts?: ReactNode;
  /** The counts line. */
  stats?: ReactNode;
};

/**
 * A member's header as everyone sees it: cover, avatar, names, handle, private mark, bio, sports, location, counts.
 * Your own profile and another member's show the same header, so they cannot drift apart.
 */
export function ProfileHeader(p: Props) {
  const sports = SPORTS.filter((s) => p.sports.includes(s.id));
  return (
    <section aria-labelledby={p.titleId} className="overflow-hidden rounded-2xl border border-line bg-surface">
      <CoverImage src={p.profileCoverImage} />
      <div className="px-4 pb-5 sm:px-6">
        <div className="flex items-start justify-between gap-3">
          <div className="relative -mt-10 shrink-0 rounded-full bg-surface p-1">
            <Avatar src={p.profileImage} name={p.name} size="lg" />
          </div>
          {p.action}
        </div>
        <h1 id={p.titleId} className="mt-2 break-words text-2xl font-bold">
          {p.name}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-muted">
          <span className="break-all">@{p.handleName}</span>
          {p.marks}
          {p.isPrivate && (
            <span className="inline-flex items-center gap-1 rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">
              <Icon name="lock" className="size-3.5" strokeWidth={2} />
              Private profile
            </span>
          )}
        </p>
        {p.bio && <p className="mt-3 whitespace-pre-line break-words">{p.bio}</p>}

        {sports.length > 0 && (
          <ul aria-label="Sports" className="mt-3 flex flex-wrap gap-2">
            {sports.map((s) => (
              <li key={s.id} className="rounded-full bg-surface-2 px-3 py-1 text-sm font-medium">
                {s.name}
              </li>
            ))}
          </ul>
        )}

        {(p.location || p.facts) && (
          <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
            {p.location && (
              <div className="flex gap-1">
                <dt className="sr-only">Location</dt>
                <dd className="flex items-center gap-1 break-words">
                  <Icon name="pin" className="size-4 shrink-0" />
                  {p.location}
                </dd>
              </div>
            )}
            {p.facts}
          </dl>
        )}

        {p.stats && <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">{p.stats}</p>}
      </div>
    </section>
  );
}
