import type { Clock } from '../../src/ports/clock.js';

export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

/** A clock that only moves when told to, so expiry is tested without sleeping. */
export function createFakeClock(start = new Date('2026-01-01T00:00:00.000Z')): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
