import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store';
import { aProfile, aSession } from '../../test/fixtures';
import { SessionProvider, useSession, useSessionActions } from './session-context';

function Probe() {
  const { isSignedIn, token, user } = useSession();
  const { signIn, setUser, endSession } = useSessionActions();
  return (
    <>
      <p data-testid="state">{isSignedIn ? `signed in as ${user?.handleName} with ${token}` : 'signed out'}</p>
      <button type="button" onClick={() => signIn(aSession())}>
        sign in
      </button>
      <button type="button" onClick={() => setUser(aProfile({ handleName: 'mayarides' }))}>
        rename
      </button>
      <button type="button" onClick={() => endSession('signedOut')}>
        sign out
      </button>
    </>
  );
}

function renderProbe() {
  const endSession = vi.fn();
  render(
    <SessionProvider endSession={endSession}>
      <Probe />
    </SessionProvider>,
  );
  return { endSession, state: () => screen.getByTestId('state') };
}

/** What another tab does: writes storage, and this tab hears a storage event. */
function otherTabWrites(key: string | null, write: () => void) {
  act(() => {
    write();
    window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
  });
}

const TOKEN = aSession().token.access_token;

describe('session context', () => {
  it('starts signed out on a fresh browser', () => {
    const { state } = renderProbe();
    expect(state()).toHaveTextContent('signed out');
  });

  it('signIn keeps access_token and user under the spec keys, and useSession reflects it', async () => {
    const { state } = renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    expect(state()).toHaveTextContent(`signed in as mayatrails with ${TOKEN}`);
    expect(localStorage.getItem('access_token')).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(aProfile());
  });

  it('setUser replaces the stored member and keeps the session', async () => {
    const { state } = renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    await userEvent.click(screen.getByRole('button', { name: 'rename' }));
    expect(state()).toHaveTextContent(`signed in as mayarides with ${TOKEN}`);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ handleName: 'mayarides' });
    expect(localStorage.getItem('access_token')).toBe(TOKEN);
  });

  it('endSession is handed the reason, for the app to clear and redirect', async () => {
    const { endSession } = renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'sign out' }));
    expect(endSession).toHaveBeenCalledWith('signedOut');
  });

  it('stays signed in across a reload: a new store reads what storage holds', async () => {
    localStorage.setItem('access_token', TOKEN);
    localStorage.setItem('user', JSON.stringify(aProfile()));
    vi.resetModules();
    const { sessionStore: fresh } = await import('../../lib/session-store');
    expect(fresh.getSnapshot()).toEqual({ token: TOKEN, user: aProfile() });
    expect(fresh.isSignedIn()).toBe(true);
  });

  it('a token without a readable user is not a session', async () => {
    localStorage.setItem('access_token', TOKEN);
    localStorage.setItem('user', '{not json');
    vi.resetModules();
    const { sessionStore: fresh } = await import('../../lib/session-store');
    expect(fresh.isSignedIn()).toBe(false);
    expect(fresh.getSnapshot()).toEqual({ token: null, user: null });
  });

  it('another tab signing in signs this tab in', () => {
    const { state } = renderProbe();
    otherTabWrites('access_token', () => {
      localStorage.setItem('user', JSON.stringify(aProfile({ handleName: 'fromothertab' })));
      localStorage.setItem('access_token', 'other-tab-token');
    });
    expect(state()).toHaveTextContent('signed in as fromothertab with other-tab-token');
  });

  it('another tab signing out signs this tab out', async () => {
    const { state } = renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    otherTabWrites(null, () => localStorage.clear());
    expect(state()).toHaveTextContent('signed out');
  });

  it('another tab changing an unrelated key changes nothing', async () => {
    const { state } = renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    otherTabWrites('theme', () => localStorage.setItem('theme', 'dark'));
    expect(state()).toHaveTextContent(`signed in as mayatrails with ${TOKEN}`);
  });

  it('clear() removes everything from both storages but the theme key', async () => {
    const { state } = renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('mapbox_styles', '[]');
    localStorage.setItem('default_mapbox_style', '7');
    sessionStorage.setItem('social_login', '{}');
    act(() => sessionStore.clear());
    expect(state()).toHaveTextContent('signed out');
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(sessionStorage.length).toBe(0);
  });

  it('clear() without a theme choice leaves storage empty', () => {
    const session = aSession();
    sessionStore.signIn(session.token.access_token, session.user);
    sessionStore.clear();
    expect(localStorage.length).toBe(0);
    expect(sessionStore.getSnapshot()).toEqual({ token: null, user: null });
  });

  it('useSession outside the provider throws a clear error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSession())).toThrow('useSession needs a SessionProvider');
    expect(() => renderHook(() => useSessionActions())).toThrow('useSessionActions needs a SessionProvider');
  });
});
