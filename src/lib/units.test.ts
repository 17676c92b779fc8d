import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSession } from '../test/fixtures';
import { sessionStore } from './session-store';
import { distanceToMetres, formatDistance, formatElevation, formatSpeed, useUnits } from './units';

describe('units', () => {
  it('shows distances in miles by default and in kilometres for metric members', () => {
    expect(formatDistance(16093.44)).toBe('10.0 mi');
    expect(formatDistance(16093.44, 'imperial')).toBe('10.0 mi');
    expect(formatDistance(20_000, 'metric')).toBe('20.0 km');
    expect(formatDistance(1_234_567, 'metric')).toBe('1,234.6 km');
    expect(formatDistance(5000, 'metric', 2)).toBe('5.00 km');
  });

  it('shows climbing in whole feet or metres', () => {
    expect(formatElevation(376)).toBe('1,234 ft');
    expect(formatElevation(376, 'metric')).toBe('376 m');
    expect(formatElevation(0.1, 'metric')).toBe('0 m');
  });

  it('shows speed in mph or km/h', () => {
    expect(formatSpeed(5.5)).toBe('12.3 mph');
    expect(formatSpeed(5.5, 'metric')).toBe('19.8 km/h');
  });

  it('never shows a negative zero', () => {
    expect(formatDistance(-0.001, 'metric')).toBe('0.0 km');
  });

  it('converts a typed distance back to metres', () => {
    expect(distanceToMetres(1)).toBeCloseTo(1609.344);
    expect(distanceToMetres(2.5, 'metric')).toBe(2500);
  });

  it('follows the stored member: imperial when signed out, and a switch to metric everywhere at once', () => {
    const { result } = renderHook(() => useUnits());
    expect(result.current).toBe('imperial');
    const session = aSession();
    act(() => sessionStore.signIn(session.token.access_token, session.user));
    expect(result.current).toBe('imperial');
    act(() => sessionStore.setUser({ ...session.user, units: 'metric' }));
    expect(result.current).toBe('metric');
  });
});
