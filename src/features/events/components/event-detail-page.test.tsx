import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '#contract/events';
import type { MemberSummary } from '#contract/social';
import { ToasterHost } from '../../../components/toaster-host';
import { createQueryClient } from '../../../lib/query-client';
import { sessionStore } from '../../../lib/session-store';
import { SessionProvider } from '../../auth/session-context';
import { aMember, fail, managedBy, ok, pageOf } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { loadEventDetail } from '../api';
import { anEvent, aRoute, aStatus } from '../test-helpers';
import { EventDetailPage } from './event-detail-page';
import { EventNotFound } from './event-not-found';

/** The signed-in test member (aProfile) as events name people. */
const maya: MemberSummary = { userId: 7, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres', profileImage: null };
const jonas: MemberSummary = { userId: 21, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg', profileImage: null };

const emptyPage = ok({ list: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null });

/** Opens the page of `event` for the signed-in member (Maya, or `viewer`'s changes to her) and waits for it. */
async function openEvent(event: Event, viewer: Parameters<typeof signedInMember>[0] = {}) {
  signedInMember(viewer);
  server.use(
    http.get('/api/getChallengeDetails', ({ request }) =>
      new URL(request.url).searchParams.get('id') === String(event.id) ? HttpResponse.json(ok(event)) : HttpResponse.json(fail(404, 'Not that one.'), { status: 404 }),
    ),
    http.get('/api/challenge/comment', () => HttpResponse.json(emptyPage)),
    // An event with goals shows its progress (event-progress.test.tsx tests it).
    http.get('/api/challenge/progress', () => HttpResponse.json(ok({ goals: { distance: null, elevation: null, calories: null }, list: [] }))),
  );
  const user = userEvent.setup();
  const view = await renderWithProviders(<EventDetailPage eventId={event.id} />, { path: `/events/${event.id}` });
  await screen.findByRole('heading', { level: 1, name: event.eventName });
  return { user, ...view };
}

const asOrganiser = (over: Partial<Event> = {}) => anEvent({ createdBy: maya, isOrganiser: true, canEdit: true, ...over });

describe('EventDetailPage', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows when in the event’s own zone and says which zone, with the reader’s own time beside it', async () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    await openEvent(anEvent({ repeats: 'weekly' }));
    const when = screen.getByText(/9:00 AM – 1:00 PM MDT/);
    expect(when).toHaveAttribute('datetime', '2027-06-12T15:00:00.000Z');
    expect(when).toHaveTextContent('Sat 12 Jun 2027');
    expect(screen.getByText(/Times are in America\/Denver; that’s Sat 12 Jun, 5:00 PM CEST for you\. Repeats weekly\./)).toBeInTheDocument();
  });

  it('shows the details as the organiser wrote them: the address whole and the description as text, never HTML', async () => {
    await openEvent(
      anEvent({ meetingDescription: 'Meet at 8:45.\n<b>Bring lights</b>', goalCalories: 900, goalDistance: 40_233.6, goalElevation: 365.76, coHosts: [jonas] }),
    );
    const article = screen.getByRole('article', { name: 'Saturday gravel social' });
    expect(article).toHaveTextContent('Road');
    expect(article).toHaveTextContent('Group ride');
    expect(article).toHaveTextContent('Moderate');
    expect(within(article).getByText('Chautauqua trailhead')).toBeInTheDocument();
    expect(within(article).getByText('Boulder, Colorado 80302')).toBeInTheDocument();
    expect(within(article).getByText('United States')).toBeInTheDocument();
    expect(within(article).getByText('900 cal · 1,200 ft elev · 25 mi')).toBeInTheDocument();
    const description = within(article).getByText(/Meet at 8:45\./);
    expect(description).toHaveTextContent('Meet at 8:45. <b>Bring lights</b>');
    expect(description.querySelector('b')).toBeNull();

    const people = screen.getByRole('region', { name: 'People' });
    expect(within(people).getByRole('link', { name: /Lena Vogt/ })).toHaveAttribute('href', '/profile/lenaclimbs');
    expect(within(people).getByRole('link', { name: /Lena Vogt/ })).toHaveTextContent('Organiser');
    expect(within(people).getByRole('link', { name: /Jonas Berg/ })).toHaveTextContent('Co-host');
  });

  it('shows the route’s figures in the member’s units, and says when the climb is unknown', async () => {
    await openEvent(anEvent({ routeId: 801, route: aRoute({ elevationLoss: null }) }), { units: 'metric' });
    const route = screen.getByRole('region', { name: 'Route' });
    const figure = (term: string) => within(route).getByText(term).nextElementSibling;
    expect(figure('Distance')).toHaveTextContent('24.1 km');
    expect(figure('Elevation gain')).toHaveTextContent('366 m');
    expect(figure('Elevation loss')).toHaveTextContent('unknown');
    expect(figure('Expected time')).toHaveTextContent('1 h 30 min');
  });

  it('gives the organiser Edit, Cancel and Delete', async () => {
    const { user } = await openEvent(asOrganiser());
    await user.click(screen.getByRole('button', { name: 'Event options' }));
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/events/edit?eventId=501');
    expect(screen.getByRole('button', { name: 'Cancel event' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('gives a co-host Edit only, and anyone else only Report', async () => {
    const { user, unmount } = await openEvent(anEvent({ coHosts: [maya], canEdit: true }));
    await user.click(screen.getByRole('button', { name: 'Event options' }));
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/events/edit?eventId=501');
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    unmount();

    const other = await openEvent(anEvent());
    await other.user.click(screen.getByRole('button', { name: 'Event options' }));
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
  });

  it('gives a co-host whose owner has not allowed creating events no Edit or Invite, and says why Publish is off', async () => {
    const associate = { managedBy: managedBy('join_events') };
    const { user, unmount } = await openEvent(anEvent({ coHosts: [maya], canEdit: true }), associate);
    await user.click(screen.getByRole('button', { name: 'Event options' }));
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    unmount();

    await openEvent(anEvent({ coHosts: [maya], canEdit: true, isDraft: true }), associate);
    const article = screen.getByRole('article', { name: 'Saturday gravel social' });
    const publish = within(article).getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(/Lena Torres has not allowed you to publish events\.$/);
  });

  it('says why an associate whose owner has not allowed creating events cannot accept to co-host; Decline stays', async () => {
    await openEvent(anEvent({ coHostInvite: { invitedBy: jonas }, createdBy: jonas }), { managedBy: managedBy('join_events') });
    const prompt = screen.getByRole('region', { name: 'Jonas Berg invited you to co-host this event' });
    const accept = within(prompt).getByRole('button', { name: 'Accept: co-host Saturday gravel social' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription('Lena Torres has not allowed you to co-host events.');
    expect(within(prompt).getByRole('button', { name: 'Decline: co-host Saturday gravel social' })).toBeEnabled();
  });

  it('cancels after the organiser confirms: the event reads Cancelled and takes no one', async () => {
    const event = asOrganiser({ status: aStatus({ goingCount: 3 }) });
    const { user } = await openEvent(event);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/challenge/cancel', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ ...event, cancelledAt: '2027-06-01T10:00:00.000Z' }));
      }),
    );
    expect(screen.getByText('You’re organising this event, and counted as going.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Event options' }));
    await user.click(screen.getByRole('button', { name: 'Cancel event' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this event?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Event options' }));
    await user.click(screen.getByRole('button', { name: 'Cancel event' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel event' }));

    expect(await screen.findByText('Event cancelled. Everyone going or interested has been told.')).toBeInTheDocument();
    expect(bodies).toEqual([{ challengeId: 501 }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Saturday gravel social' });
    expect(within(article).getByText('Cancelled')).toBeInTheDocument();
    expect(within(article).getByText('The organiser cancelled this event.')).toBeInTheDocument();
    expect(screen.queryByText('You’re organising this event, and counted as going.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Event options' }));
    expect(screen.queryByRole('button', { name: 'Cancel event' })).not.toBeInTheDocument();
  });

  it('deletes after the organiser confirms, and leaves for the events list with a toast', async () => {
    const { user } = await openEvent(asOrganiser());
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/challenge', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({}));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Event options' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this event?' })).getByRole('button', { name: 'Delete event' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/events');
    expect(await screen.findByText('Event deleted.')).toBeInTheDocument();
    expect(bodies).toEqual([{ challengeId: 501 }]);
  });

  it('publishes a draft from its own page: the server’s words, the Draft mark gone, the organiser going', async () => {
    const draft = asOrganiser({ isDraft: true });
    const { user } = await openEvent(draft);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/challenge/publish', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ ...draft, isDraft: false, goingPreview: [maya], status: aStatus({ isGoing: true, goingCount: 1 }) }, 'Event Created Successfully'));
      }),
    );
    const article = screen.getByRole('article', { name: 'Saturday gravel social' });
    expect(within(article).getByText('Draft')).toBeInTheDocument();
    expect(within(article).getByText(/Only its organiser and co-hosts can see it\. Publish it to let people join\./)).toBeInTheDocument();

    await user.click(within(article).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Event Created Successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ challengeId: 501 }]);
    expect(within(article).queryByText('Draft')).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(within(article).getByText('You’re organising this event, and counted as going.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'People' })).toHaveTextContent('1 going');
  });

  it('says why a draft cannot be published yet, beside the button, with the way to fix it', async () => {
    const { user } = await openEvent(asOrganiser({ isDraft: true }));
    const message = 'This draft starts in the past. Edit it to a date and time still to come, then publish it.';
    server.use(http.post('/api/challenge/publish', () => HttpResponse.json(fail(400, message, { startDate: [message] }), { status: 400 })));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = (await screen.findByText(/This draft starts in the past/)).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Edit the draft' })).toHaveAttribute('href', '/events/edit?eventId=501');
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });

  it('asks the member invited to co-host, who accepts and is a co-host from then on', async () => {
    const invited = anEvent({ coHostInvite: { invitedBy: jonas }, createdBy: jonas });
    const { user } = await openEvent(invited);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/challenge/cohost/accept', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({ ...invited, coHostInvite: null, coHosts: [maya], canEdit: true }, 'You’re a co-host of this event now.'));
      }),
    );
    const prompt = screen.getByRole('region', { name: 'Jonas Berg invited you to co-host this event' });
    await user.click(within(prompt).getByRole('button', { name: 'Accept: co-host Saturday gravel social' }));
    expect(await screen.findByText('You’re a co-host of this event now.')).toBeInTheDocument();
    expect(bodies).toEqual([{ challengeId: 501 }]);
    expect(screen.queryByRole('region', { name: 'Jonas Berg invited you to co-host this event' })).not.toBeInTheDocument();
    expect(screen.getByText('You’re co-hosting this event.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'People' })).toHaveTextContent('Co-host · @mayatrails');
  });

  it('invites the members the organiser picks, searching among those they may invite', async () => {
    const { user } = await openEvent(asOrganiser());
    const searches: string[] = [];
    server.use(
      http.get('/api/selectMembers', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        searches.push(search);
        const all = [aMember({ userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair' }), aMember(jonas)];
        return HttpResponse.json(pageOf(all.filter((m) => m.handleName.startsWith(search))));
      }),
    );
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/challenge/member/invite', async ({ request }) => {
        const body = (await request.json()) as { userIds: number[] };
        bodies.push(body);
        return HttpResponse.json(ok({ invited: body.userIds }));
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite members' });
    expect(within(dialog).getByRole('button', { name: 'Invite' })).toBeDisabled();
    await user.click(await within(dialog).findByRole('checkbox', { name: /Priya Nair/ }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'jo');
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /Priya Nair/ })).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('checkbox', { name: /Jonas Berg/ }));
    expect(within(within(dialog).getByRole('list', { name: 'Chosen members' })).getAllByRole('button')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Invite 2 members' }));

    expect(await screen.findByText('Invitation sent to 2 members.')).toBeInTheDocument();
    expect(bodies).toEqual([{ challengeId: 501, userIds: [22, 21] }]);
    expect(searches).toContain('jo');
    expect(screen.queryByRole('dialog', { name: 'Invite members' })).not.toBeInTheDocument();
  });

  it('downloads the .ics with the session’s token and saves it under the name the server gives', async () => {
    const { user } = await openEvent(anEvent());
    const asked: { url: string; authorization: string | null }[] = [];
    server.use(
      http.get('/api/challenge/501/calendar.ics', ({ request }) => {
        asked.push({ url: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
        return new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: { 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'attachment; filename="saturday-gravel-social.ics"' },
        });
      }),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:calendar';
    });
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });

    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(saved).toEqual(['saturday-gravel-social.ics blob:calendar']));
    expect(asked).toEqual([{ url: '/api/challenge/501/calendar.ics', authorization: `Bearer ${sessionStore.getSnapshot().token}` }]);
    expect(await blobs[0]!.text()).toContain('BEGIN:VCALENDAR');
  });

  it('copies the page’s address to share it when the browser has no share sheet', async () => {
    const { user } = await openEvent(anEvent());
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied. Share it with anyone who can see this event.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/events/501');
  });

  it('shows the viewer’s place on the waitlist, and who is going or waiting, in order', async () => {
    const { user } = await openEvent(
      anEvent({ status: aStatus({ capacity: 2, goingCount: 2, waitlistCount: 2, isWaitlisted: true, waitlistPosition: 2, interestedCount: 1 }) }),
    );
    const asked: string[] = [];
    server.use(
      http.get('/api/challenge/people', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('challengeId')} ${params.get('list')}`);
        const list = params.get('list') === 'waitlist' ? [jonas, maya] : [{ ...jonas, userId: 40, handleName: 'ana', firstName: 'Ana', lastName: 'Ruiz' }];
        return HttpResponse.json(ok({ list, current_page: 1, last_page: 1, per_page: 20, total: list.length, next_cursor: null }));
      }),
    );
    const people = screen.getByRole('region', { name: 'People' });
    expect(people).toHaveTextContent('Full · 2 on the waitlist');
    expect(within(people).getByRole('status')).toHaveTextContent('You’re #2 on the waitlist.');
    expect(screen.getByRole('button', { name: 'On waitlist #2: Saturday gravel social' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(people).getByRole('button', { name: '2 going' }));
    const dialog = screen.getByRole('dialog', { name: 'People' });
    expect(within(dialog).getByRole('tab', { name: /Going/ })).toHaveAttribute('aria-selected', 'true');
    expect(await within(dialog).findByRole('link', { name: /Ana Ruiz/ })).toHaveAttribute('href', '/profile/ana');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: /Waitlist/ })).toHaveFocus();
    const waiting = await within(dialog).findByRole('list');
    await waitFor(() => expect(within(waiting).getAllByRole('link')).toHaveLength(2));
    const [first, second] = within(waiting).getAllByRole('link');
    expect(first).toHaveTextContent(/^1\..*Jonas Berg/);
    expect(second).toHaveTextContent(/^2\..*Maya Torres/);
    expect(waiting.tagName).toBe('OL');
    // Each tab passed on the way is asked for once.
    expect(asked).toEqual(['501 going', '501 interested', '501 waitlist']);
  });
});

/** `/events/$eventId` wired as the route file wires it: the loader, the page and the not-found page. */
async function openRoute(path: string) {
  signedInMember();
  const queryClient = createQueryClient(() => {});
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToasterHost />
      </>
    ),
  });
  const eventRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/events/$eventId',
    loader: ({ params }) => loadEventDetail(queryClient, params.eventId),
    component: function EventRoute() {
      return <EventDetailPage eventId={(eventRoute.useLoaderData() as { eventId: number }).eventId} />;
    },
    notFoundComponent: EventNotFound,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([eventRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, session: sessionStore },
  });
  await router.load();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider endSession={() => {}}>
        <RouterProvider router={router as never} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('the event route', () => {
  it("says the event isn't available when the API answers 404, with no failure toast", async () => {
    server.use(http.get('/api/getChallengeDetails', () => HttpResponse.json(fail(404, 'That event does not exist.'), { status: 404 })));
    await openRoute('/events/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'This event isn’t available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to events' })).toHaveAttribute('href', '/events');
    expect(screen.queryByText('That event does not exist.')).not.toBeInTheDocument();
  });

  it('says the same for an address that is not an event id, without asking the server', async () => {
    await openRoute('/events/not-an-event');
    expect(await screen.findByRole('heading', { level: 1, name: 'This event isn’t available' })).toBeInTheDocument();
  });
});
