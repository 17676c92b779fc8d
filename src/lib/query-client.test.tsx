import { useMutation, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { emptyData } from '#contract/envelope';
import { countriesData } from '#contract/profile';
import { profileQuery } from '../features/auth/api';
import { mapStylesQuery } from '../features/maps/api';
import { aSession, fail, ok } from '../test/fixtures';
import { server } from '../test/msw-server';
import { renderWithProviders } from '../test/render';
import { api } from './api-client';
import { sessionStore } from './session-store';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

function signIn() {
  const session = aSession();
  sessionStore.signIn(session.token.access_token, session.user);
}

/** The toast showing `text`, as sonner renders it. */
async function findToast(text: string) {
  const node = await screen.findByText(text);
  const toast = node.closest('[data-sonner-toast]');
  expect(toast).not.toBeNull();
  return toast as HTMLElement;
}

function ProfileName() {
  const config = useQuery(mapStylesQuery);
  const profile = useQuery(profileQuery);
  return (
    <p>
      {config.data ? 'config loaded' : 'config loading'} / {profile.data?.firstName ?? (profile.isError ? 'profile failed' : 'profile loading')}
    </p>
  );
}

function DeleteFeed() {
  const remove = useMutation({ mutationFn: () => api.post(emptyData, 'feedDelete', { feedId: 3 }) });
  return (
    <>
      <button type="button" onClick={() => remove.mutate()}>
        Delete feed
      </button>
      {remove.isError && <p>delete failed</p>}
    </>
  );
}

describe('query client: a 401 ends the session', () => {
  it('signs out, empties the cache, says why and goes to sign-in', async () => {
    signIn();
    let releaseProfile!: () => void;
    const profileAsked = new Promise<void>((resolve) => (releaseProfile = resolve));
    server.use(
      http.get('/api/mapboxStyleUrl', () => HttpResponse.json(ok([]))),
      http.get('/api/profile', async () => {
        await profileAsked;
        return HttpResponse.json(fail(401, 'Your token is no longer valid.'), { status: 401 });
      }),
    );
    const { queryClient, ended } = await renderWithProviders(<ProfileName />, { path: '/feeds' });
    expect(await screen.findByText(/config loaded/)).toBeInTheDocument();
    expect(queryClient.getQueryData(mapStylesQuery.queryKey)).toBeDefined();
    releaseProfile();

    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument();
    expect(ended).toEqual(['expired']);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStore.isSignedIn()).toBe(false);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    // The 401 is not also reported as a failure.
    expect(screen.queryByText('Your token is no longer valid.')).not.toBeInTheDocument();
  });

  it('a 401 on a mutation ends the session too', async () => {
    signIn();
    server.use(http.post('/api/feedDelete', () => HttpResponse.json(fail(401, 'Your token is no longer valid.'), { status: 401 })));
    const { ended } = await renderWithProviders(<DeleteFeed />, { path: '/feeds' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete feed' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(await screen.findByText(SESSION_ENDED)).toBeInTheDocument();
    expect(ended).toEqual(['expired']);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByText('Your token is no longer valid.')).not.toBeInTheDocument();
  });

  it('a 401 when nobody was signed in does not claim a session ended', async () => {
    server.use(
      http.get('/api/mapboxStyleUrl', () => HttpResponse.json(ok([]))),
      http.get('/api/profile', () => HttpResponse.json(fail(401, 'Please sign in.'), { status: 401 })),
    );
    await renderWithProviders(<ProfileName />, { path: '/feeds' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
    expect(screen.queryByText('Please sign in.')).not.toBeInTheDocument();
  });

  it('keeps the theme choice of the device', async () => {
    localStorage.setItem('theme', 'dark');
    signIn();
    localStorage.setItem('mapbox_styles', '[]');
    server.use(http.post('/api/feedDelete', () => HttpResponse.json(fail(401, 'Expired.'), { status: 401 })));
    await renderWithProviders(<DeleteFeed />, { path: '/feeds' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete feed' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/login');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('mapbox_styles')).toBeNull();
  });
});

describe('query client: failure toasts', () => {
  it('a failing mutation shows the server message in a failure toast', async () => {
    signIn();
    server.use(http.post('/api/feedDelete', () => HttpResponse.json(fail(403, 'You cannot delete this feed.'), { status: 403 })));
    await renderWithProviders(<DeleteFeed />, { path: '/feeds' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete feed' }));
    expect(await findToast('You cannot delete this feed.')).toHaveAttribute('data-type', 'error');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(sessionStore.isSignedIn()).toBe(true);
  });

  it('a failing mutation whose body has no message shows "Something went wrong"', async () => {
    signIn();
    server.use(http.post('/api/feedDelete', () => new HttpResponse('upstream timed out', { status: 504 })));
    await renderWithProviders(<DeleteFeed />, { path: '/feeds' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete feed' }));
    expect(await findToast('Something went wrong')).toHaveAttribute('data-type', 'error');
  });

  it('a 200 whose body code is not 200 is a failure with the body message', async () => {
    signIn();
    server.use(http.post('/api/feedDelete', () => HttpResponse.json(fail(422, 'This feed is already deleted.'))));
    await renderWithProviders(<DeleteFeed />, { path: '/feeds' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete feed' }));
    expect(await findToast('This feed is already deleted.')).toHaveAttribute('data-type', 'error');
  });

  it('a network failure shows the readable message', async () => {
    signIn();
    server.use(http.post('/api/feedDelete', () => HttpResponse.error()));
    await renderWithProviders(<DeleteFeed />, { path: '/feeds' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete feed' }));
    expect(await findToast('Cannot reach Switchback. Check your connection and try again.')).toHaveAttribute('data-type', 'error');
  });

  it('a failing query shows the server message once', async () => {
    signIn();
    server.use(
      http.get('/api/mapboxStyleUrl', () => HttpResponse.json(ok([]))),
      http.get('/api/profile', () => HttpResponse.json(fail(500, 'Profiles are resting.'), { status: 500 })),
    );
    await renderWithProviders(<ProfileName />, { path: '/feeds' });
    expect(await findToast('Profiles are resting.')).toHaveAttribute('data-type', 'error');
    expect(await screen.findByText(/profile failed/)).toBeInTheDocument();
    expect(screen.getAllByText('Profiles are resting.')).toHaveLength(1);
  });

  it('a query with meta.silent shows no toast', async () => {
    signIn();
    server.use(
      http.get('/api/mapboxStyleUrl', () => HttpResponse.json(fail(503, 'Config is unavailable.'), { status: 503 })),
      http.get('/api/country', () => HttpResponse.json(fail(500, 'Map styles are unavailable.'), { status: 500 })),
    );
    function SilentAndLoud() {
      const config = useQuery(mapStylesQuery); // meta.silent
      const styles = useQuery({ queryKey: ['countries'], queryFn: () => api.get(countriesData, 'country').then((r) => r.data) });
      return (
        <p>
          {config.isError ? 'config failed' : 'config pending'} / {styles.isError ? 'styles failed' : 'styles pending'}
        </p>
      );
    }
    await renderWithProviders(<SilentAndLoud />, { path: '/feeds' });
    await screen.findByText('config failed / styles failed');
    expect(await findToast('Map styles are unavailable.')).toHaveAttribute('data-type', 'error');
    expect(screen.queryByText('Config is unavailable.')).not.toBeInTheDocument();
  });

  it('a mutation with meta.silent shows no toast', async () => {
    signIn();
    server.use(
      http.post('/api/feedDelete', () => HttpResponse.json(fail(400, 'Quiet failure.'), { status: 400 })),
      http.post('/api/report-feed', () => HttpResponse.json(fail(400, 'Loud failure.'), { status: 400 })),
    );
    function QuietThenLoud() {
      const quiet = useMutation({ mutationFn: () => api.post(emptyData, 'feedDelete', { feedId: 3 }), meta: { silent: true } });
      const loud = useMutation({ mutationFn: () => api.post(emptyData, 'report-feed', { feedId: 3 }) });
      return (
        <>
          <button type="button" onClick={() => quiet.mutate()}>
            quiet
          </button>
          <button type="button" onClick={() => loud.mutate()}>
            loud
          </button>
          {quiet.isError && <p>quiet failed</p>}
        </>
      );
    }
    await renderWithProviders(<QuietThenLoud />, { path: '/feeds' });
    await userEvent.click(screen.getByRole('button', { name: 'quiet' }));
    expect(await screen.findByText('quiet failed')).toBeInTheDocument();
    // A toast raised after the silent failure has arrived, so one for the silent failure would have too.
    await userEvent.click(screen.getByRole('button', { name: 'loud' }));
    expect(await findToast('Loud failure.')).toHaveAttribute('data-type', 'error');
    expect(screen.queryByText('Quiet failure.')).not.toBeInTheDocument();
  });
});
