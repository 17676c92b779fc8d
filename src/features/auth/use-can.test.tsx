import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session-store';
import { aSession, managedBy } from '../../test/fixtures';
import { SessionProvider } from './session-context';
import { useCan } from './use-can';

const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider endSession={vi.fn()}>{children}</SessionProvider>;

function signIn(over: Parameters<typeof aSession>[0]) {
  const session = aSession(over);
  sessionStore.signIn(session.token.access_token, session.user);
}

describe('useCan', () => {
  it('lets an independent member do everything', () => {
    signIn({ managedBy: null });
    expect(renderHook(() => useCan('post'), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCan('public_profile'), { wrapper }).result.current).toBe(true);
  });

  it('lets an associate do only what their owner granted', () => {
    signIn({ managedBy: managedBy('comment', 'react') });
    expect(renderHook(() => useCan('comment'), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCan('react'), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useCan('post'), { wrapper }).result.current).toBe(false);
    expect(renderHook(() => useCan('follow'), { wrapper }).result.current).toBe(false);
  });

  it('lets an associate with no permission granted do nothing', () => {
    signIn({ managedBy: managedBy() });
    expect(renderHook(() => useCan('join_events'), { wrapper }).result.current).toBe(false);
  });

  it('follows a permission granted while the page is open', () => {
    signIn({ managedBy: managedBy() });
    const { result } = renderHook(() => useCan('post'), { wrapper });
    expect(result.current).toBe(false);
    act(() => sessionStore.setUser(aSession({ managedBy: managedBy('post') }).user));
    expect(result.current).toBe(true);
  });
});
