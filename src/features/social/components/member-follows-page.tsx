import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadError } from '../../../components/load-error';
import { SearchBox } from '../../../components/search-box';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { displayName } from '../../../lib/display-name';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../auth/session-context';
import type { MemberProfile } from '#contract/social';
import { memberFollowListQuery, memberProfileQuery, type MemberFollowKind } from '../api';
import { useSearchText } from '../use-search-text';
import { FollowButton } from './follow-button';
import { MemberList } from './member-list';
import { MemberNotFound } from './member-profile-page';
import { MemberRow } from './member-row';

const TABS = [
  { kind: 'followers', label: 'Followers' },
  { kind: 'following', label: 'Following' },
] as const;

/**
 * `/profile/$username/followers` and `/following`: who follows another member and whom they follow, searchable, each
 * row with the viewer's own follow button (as on Instagram and Strava). Reached from the counts on their profile, which
 * show only where the viewer may see their content; the server refuses the lists otherwise too.
 */
export function MemberFollowsPage({ handleName, kind }: { handleName: string; kind: MemberFollowKind }) {
  // Loaded here rather than by a route loader: each loader is one more lazy piece in the route tree that every first
  // page loads (check P1), and the member's profile is usually in the cache already, from the page that linked here.
  const { data: member, error, refetch } = useQuery(memberProfileQuery(handleName));
  if (error instanceof ApiError && error.status === 404) return <MemberNotFound handleName={handleName} />;
  if (error) return <LoadError what="This member" error={error} onRetry={() => void refetch()} />;
  if (!member) return <PageSpinner />;
  return <MemberFollows member={member} kind={kind} />;
}

function MemberFollows({ member, kind }: { member: MemberProfile; kind: MemberFollowKind }) {
  const { user } = useSession();
  const { text, setText, settled } = useSearchText();
  const name = displayName(member);
  const title = kind === 'followers' ? `${name}’s followers` : `Followed by ${name}`;
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <Link to="/profile/$username" params={{ username: member.handleName }} className="self-start rounded text-sm font-medium text-brand hover:underline">
          ← {name}
        </Link>
        <h1 className="text-2xl font-bold">{title}</h1>
      </header>
      <nav aria-label={`${name}’s follows`} className="-mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-line px-1">
          {TABS.map((tab) => (
            <li key={tab.kind}>
              <Link
                to="/profile/$username/$list"
                params={{ username: member.handleName, list: tab.kind }}
                className="-mb-px flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold"
                activeProps={{ className: 'border-brand text-fg', 'aria-current': 'page' }}
                inactiveProps={{ className: 'border-transparent text-muted hover:text-fg' }}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {member.canViewContent ? (
        <>
          <SearchBox value={text} onChange={setText} label={`Search ${title.toLowerCase()}`} placeholder="Search by name or handle" />
          <MemberList
            query={memberFollowListQuery(member.userId, kind, settled)}
            label={title}
            searching={settled !== ''}
            empty={
              kind === 'followers'
                ? { title: `No one follows ${name} yet.`, hint: 'Their followers will show here.' }
                : { title: `${name} does not follow anyone yet.`, hint: 'The members they follow will show here.' }
            }
            // No follow button on the viewer's own row.
            renderRow={(m) => <MemberRow member={m} action={m.userId !== user?.userId && <FollowButton member={m} size="sm" />} />}
          />
        </>
      ) : (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-sm text-muted">
          This account is private. Follow {name} to see who follows them and whom they follow.
        </p>
      )}
    </div>
  );
}
