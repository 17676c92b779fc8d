import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MemberCard } from '#contract/social';
import { aMember, fail, managedBy, ok, pageOf } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { relationshipOf, serveMembers, serveRequestsSummary } from '../test-helpers';
import { MembersPage } from './members-page';

const jonas = aMember();
const priya = aMember({ userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair', sports: [35], isPrivate: true });
const sam = aMember({ userId: 23, handleName: 'samruns', firstName: 'Sam', lastName: 'Okafor', sports: [5], isFollowedBy: true });

async function renderMembers({ member = {}, list = [jonas, priya, sam] }: { member?: Parameters<typeof signedInMember>[0]; list?: MemberCard[] } = {}) {
  signedInMember(member);
  serveRequestsSummary(2);
  const asked = serveMembers('user/all', (params) => {
    const search = params.get('search')?.toLowerCase() ?? '';
    const sport = Number(params.get('sportId') ?? 0);
    return list.filter((m) => `${m.firstName} ${m.lastName} ${m.handleName}`.toLowerCase().includes(search) && (!sport || m.sports.includes(sport)));
  });
  const user = userEvent.setup();
  const view = await renderWithProviders(<MembersPage />, { path: '/members' });
  await screen.findByRole('list', { name: 'Members' });
  return { user, asked, ...view };
}

const rows = () => within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');

describe('MembersPage', () => {
  it('lists members with handle, sports and a link to their profile, and the waiting requests count', async () => {
    await renderMembers();
    expect(rows()).toHaveLength(3);
    const link = screen.getByRole('link', { name: /Jonas Berg/ });
    expect(link).toHaveAttribute('href', '/profile/jonasrides');
    expect(within(rows()[0]!).getByText('Road · MTB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Priya Nair, @priyahikes, private profile' })).toHaveAttribute('href', '/profile/priyahikes');
    expect(await screen.findByRole('link', { name: 'Requests, 2 waiting' })).toHaveAttribute('href', '/followers/requests');
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches as the member types, once typing pauses', async () => {
    const { user, asked } = await renderMembers();
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'pri');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Priya Nair');
    // One request for the first page, one for the settled text: not one per letter.
    expect(asked.map((p) => p.get('search'))).toEqual([null, 'pri']);
  });

  it('filters by sport and says so when nobody matches', async () => {
    const { user } = await renderMembers();
    await user.click(screen.getByRole('radio', { name: 'Hiking' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Priya Nair');
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'zzz');
    expect(await screen.findByText('No one matches that search.')).toBeInTheDocument();
  });

  it('follows a public member at once, before the server answers, and settles on its answer', async () => {
    const { user } = await renderMembers();
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/follow', async ({ request }) => {
        bodies.push(await request.json());
        await held.opened;
        return HttpResponse.json(ok(relationshipOf(jonas, { isFollowing: true })));
      }),
    );
    const button = screen.getByRole('button', { name: 'Follow @jonasrides' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Following @jonasrides' })).toHaveAttribute('aria-pressed', 'true');
    held.open();
    await waitFor(() => expect(bodies).toEqual([{ userId: 21 }]));
    expect(screen.getByRole('button', { name: 'Following @jonasrides' })).toBeInTheDocument();
    expect(screen.queryByText('Follow request sent')).not.toBeInTheDocument();
  });

  it('asks a private member: the button says Requested and a toast confirms the request', async () => {
    const { user } = await renderMembers();
    server.use(http.post('/api/follow', () => HttpResponse.json(ok(relationshipOf(priya, { isRequested: true })))));
    await user.click(screen.getByRole('button', { name: 'Follow @priyahikes' }));
    expect(screen.getByRole('button', { name: 'Requested @priyahikes' })).toBeInTheDocument();
    expect(await screen.findByText('Follow request sent')).toBeInTheDocument();
  });

  it('withdraws a request with a click on Requested', async () => {
    const { user } = await renderMembers();
    server.use(
      http.post('/api/follow', () => HttpResponse.json(ok(relationshipOf(priya, { isRequested: true })))),
      http.post('/api/unFollow', () => HttpResponse.json(ok(relationshipOf(priya)))),
    );
    await user.click(screen.getByRole('button', { name: 'Follow @priyahikes' }));
    await screen.findByText('Follow request sent');
    await user.click(screen.getByRole('button', { name: 'Requested @priyahikes' }));
    expect(await screen.findByRole('button', { name: 'Follow @priyahikes' })).toBeInTheDocument();
  });

  it('offers an associate whose owner has not allowed following no Follow, but lets them unfollow or withdraw', async () => {
    const followed = { ...jonas, isFollowing: true };
    const requested = { ...priya, isRequested: true };
    const { user } = await renderMembers({ member: { managedBy: managedBy('comment') }, list: [followed, requested, sam] });
    server.use(http.post('/api/unFollow', () => HttpResponse.json(ok(relationshipOf(requested, { isRequested: false })))));
    expect(screen.queryByRole('button', { name: 'Follow back @samruns' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following @jonasrides' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Requested @priyahikes' }));
    // Withdrawn: there is nothing left for them to press.
    await waitFor(() => expect(screen.queryByRole('button', { name: /@priyahikes/ })).not.toBeInTheDocument());
  });

  it('offers Follow back to someone who follows the member', async () => {
    await renderMembers();
    expect(screen.getByRole('button', { name: 'Follow back @samruns' })).toBeInTheDocument();
    expect(within(rows()[2]!).getByText('Follows you')).toBeInTheDocument();
  });

  it('puts the button back and shows the server message when a follow fails', async () => {
    const { user } = await renderMembers();
    server.use(http.post('/api/follow', () => HttpResponse.json(fail(403, 'You cannot follow this member.'), { status: 403 })));
    await user.click(screen.getByRole('button', { name: 'Follow @jonasrides' }));
    expect(await screen.findByText('You cannot follow this member.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow @jonasrides' })).toBeInTheDocument();
    expect(screen.getAllByText('You cannot follow this member.')).toHaveLength(1);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    signedInMember();
    serveRequestsSummary();
    let calls = 0;
    server.use(
      http.get('/api/user/all', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 }) : HttpResponse.json(pageOf([jonas]));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<MembersPage />, { path: '/members' });
    expect(await screen.findByText('This list could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Jonas Berg/ })).toBeInTheDocument();
  });

  it('loads the next page with Load more, going on from the cursor page 1 answered', async () => {
    signedInMember();
    serveRequestsSummary();
    const asked: URLSearchParams[] = [];
    const afterJonas = 'MS4xNzcyMzUyMDAwMDAwLjIx';
    server.use(
      http.get('/api/user/all', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        if (!params.has('cursor')) return HttpResponse.json(ok({ list: [jonas], current_page: 1, last_page: 2, per_page: 1, total: 2, next_cursor: afterJonas }));
        // As the server does: only a cursor it gave out continues the list.
        if (params.get('cursor') !== afterJonas) return HttpResponse.json(fail(400, 'Not a cursor this list gave out.'), { status: 400 });
        return HttpResponse.json(ok({ list: [priya], current_page: 2, last_page: 2, per_page: 1, total: 2, next_cursor: null }));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<MembersPage />, { path: '/members' });
    await screen.findByRole('link', { name: /Jonas Berg/ });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Priya Nair/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked.map((p) => [p.get('page'), p.get('cursor')])).toEqual([
      ['1', null],
      ['2', afterJonas],
    ]);
  });
});
