import type { Clock } from '../lib/clock';

/**
 * A clock that runs with real time but can be moved forward, so a test can jump past a 10-minute code lifetime or a
 * 30-day session without waiting, while rows written a moment apart still sort in the order they were written.
 */
export class FakeClock implements Clock {
  private offsetMs = 0;

  now() {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number) {
    this.offsetMs += ms;
  }
}
