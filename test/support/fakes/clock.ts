import type { Clock } from '../../../shared/ports/clock';

/** The instant every fake world starts at, unless a test sets another. */
export const fakeNow = new Date('2026-11-22T10:00:00.000Z');

/** A clock that stands still until the test moves it. */
export interface FakeClock extends Clock {
  set(at: Date | string): void;
  advance(milliseconds: number): void;
}

export const fakeClock = (start: Date | string = fakeNow): FakeClock => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (milliseconds) => {
      current = new Date(current.getTime() + milliseconds);
    },
  };
};
