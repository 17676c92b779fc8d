import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, managedBy } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { parseActivitySearch, type ActivitySearch } from '../activity-search-params';
import { browserTimeZone } from '../api';
import { activityFixture, activityPage, serveActivities, serveSports, serveSummary, summaryFixture } from '../test-helpers';
import { ActivityLogPage, MemberActivityLog } from './activity-log-page';

/** The pages as their routes give them: the filters read from the address, and changes put back into it. */
function useAddressSearch() {
  const navigate = useNavigate();
  return {
    search: parseActivitySearch(useSearch({ strict: false })),
    onSearch: (change: Partial<ActivitySearch>) => void navigate({ to: '.', search: (s: object) => ({ ...s, ...change }), replace: true } as never),
  };
}
const OwnLog = () => <ActivityLogPage {...useAddressSearch()} />;
const TheirLog = ({ handleName }: { handleName: string }) => <MemberActivityLog handleName={handleName} {...useAddressSearch()} />;

const rides = [activityFixture({ id: 901, title: 'Morning ride' }), activityFixture({ id: 902, title: 'Canyon run', sportId: 5 })];

async function renderOwnLog(reply = () => activityPage(rides), member: Parameters<typeof signedInMember>[0] = {}) {
  signedInMember(member);
  serveSummary(() => summaryFixture('week'));
  serveSports([
    { sportId: 53, count: 3 },
    { sportId: 5, count: 2 },
  ]);
  const bodies = serveActivities(reply);
  const user = userEvent.setup();
  const view = await renderWithProviders(<OwnLog />, { path: '/activities' });
  await screen.findByRole('heading', { level: 1, name: 'Your activities' });
  return { user, bodies, ...view };
}

describe('ActivityLogPage', () => {
  it('filters by sport and title, each kept in the address', async () => {
    const { user, bodies, router } = await renderOwnLog();
    expect(await screen.findByRole('article', { name: 'Morning ride' })).toBeInTheDocument();
    expect(bodies[0]).toEqual({ page: 1 });

    const sports = within(screen.getByRole('group', { name: 'Sport' })).getAllByRole('radio');
    expect(sports.map((r) => r.closest('label')!.textContent)).toEqual(['All sports 5', 'MTB 3', 'Running 2']);
    expect(sports[0]).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Running 2' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, sportId: 5 }));
    expect(router.state.location.search).toMatchObject({ sport_id: 5 });

    await user.type(screen.getByRole('searchbox', { name: 'Search activities by title' }), 'canyon');
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, sportId: 5, title: 'canyon' }));
    expect(router.state.location.search).toMatchObject({ sport_id: 5, search: 'canyon' });
  }, 20_000);

  it('filters by dates, counted in the browser’s zone', async () => {
    const { user, bodies, router } = await renderOwnLog();
    await screen.findByRole('article', { name: 'Morning ride' });
    await user.type(screen.getByLabelText('From'), '2026-05-01');
    await user.type(screen.getByLabelText('To'), '2026-05-31');
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, from: '2026-05-01', to: '2026-05-31', timeZone: browserTimeZone() }));
    expect(router.state.location.search).toMatchObject({ from: '2026-05-01', to: '2026-05-31' });
  }, 20_000);

  it('does not apply a backwards date range, and says why', async () => {
    const { user, bodies } = await renderOwnLog();
    await screen.findByRole('article', { name: 'Morning ride' });
    await user.type(screen.getByLabelText('To'), '2026-04-01');
    await user.type(screen.getByLabelText('From'), '2026-05-01');
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ page: 1, to: '2026-04-01', timeZone: browserTimeZone() });
  }, 20_000);

  it('tells a filtered empty list how to clear it, and a new member how to start', async () => {
    const { user, bodies } = await renderOwnLog(() => activityPage([]));
    expect(await screen.findByText('Your log is empty')).toBeInTheDocument();
    const empty = screen.getByText('Your log is empty').parentElement!;
    expect(empty).toHaveTextContent('Drop the files from your watch or a Strava export above, or add an activity by hand.');
    expect(screen.getByRole('region', { name: 'Import activities' })).toBeInTheDocument();
    await user.click(within(empty).getByRole('button', { name: 'Add manually' }));
    expect(screen.getByRole('dialog', { name: 'Add an activity' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('radio', { name: 'MTB 3' }));
    expect(await screen.findByText('No activities match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1 }));
    expect(await screen.findByText('Your log is empty')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All sports 5' })).toBeChecked();
  }, 20_000);

  it('offers an associate whose owner has not allowed adding activities no importer and no Add manually', async () => {
    await renderOwnLog(() => activityPage([]), { managedBy: managedBy('comment') });
    expect(await screen.findByText('Your log is empty')).toBeInTheDocument();
    expect(screen.getByText('Your log is empty').parentElement!).toHaveTextContent('The activities you log show up here.');
    expect(screen.queryByRole('button', { name: 'Add manually' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Drop the files/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Import activities' })).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor the first answered', async () => {
    const { user, bodies } = await renderOwnLog(() => activityPage(rides, 1, 2));
    serveActivities((body) => (body.cursor === 'after-page-1' ? activityPage([activityFixture({ id: 880, title: 'Older loop' })], 2, 2) : activityPage(rides, 1, 2)));
    await screen.findByRole('article', { name: 'Morning ride' });
    expect(bodies).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show more activities' }));
    expect(await screen.findByRole('article', { name: 'Older loop' })).toBeInTheDocument();
    expect(screen.getByText('That’s every activity.')).toBeInTheDocument();
  });
});

describe('MemberActivityLog', () => {
  it('shows another member’s summary and activities, asked for by their handle', async () => {
    signedInMember();
    const summaries = serveSummary(() => summaryFixture('week'));
    serveSports([{ sportId: 53, count: 2 }]);
    const bodies = serveActivities(() => activityPage([activityFixture({ title: 'Ridge traverse', hasHiddenParts: true })]));
    await renderWithProviders(<TheirLog handleName="jonasrides" />, { path: '/profile/jonasrides/activities' });
    expect(await screen.findByRole('list', { name: 'Activities by @jonasrides' })).toBeInTheDocument();
    expect(bodies[0]).toEqual({ page: 1, handleName: 'jonasrides' });
    expect(summaries[0]!.get('handleName')).toBe('jonasrides');
    expect(screen.getByRole('article', { name: 'Ridge traverse' })).toHaveTextContent('Part of this track is hidden for privacy');
    expect(screen.queryByRole('button', { name: 'Add manually' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose files')).not.toBeInTheDocument();
  });

  it('says their activities are closed when the server will not show them', async () => {
    signedInMember();
    server.use(http.get('/api/getSportsActivity', () => HttpResponse.json(fail(403, 'This profile is private.'), { status: 403 })));
    await renderWithProviders(<TheirLog handleName="lenaclimbs" />, { path: '/profile/lenaclimbs/activities' });
    expect(await screen.findByRole('heading', { name: 'Their activities are not open to you' })).toBeInTheDocument();
    expect(screen.getByText('Follow @lenaclimbs to see their rides, hikes, runs and walks, if they accept.')).toBeInTheDocument();
  });
});
