import { StaleWrite } from '../domain/errors';

/**
 * Commands on one family run at the same moment (a guardian activating several seats, a worker
 * moving a pairing while the person answers). They rarely contradict each other; they race for the
 * same items. A command whose write finds the state moved reads again, decides again and writes
 * again; only a real contradiction, found by deciding on what is there now, answers `CONFLICT`.
 */

/** How many attempts a command makes in all, and the pause before each next one. */
export interface ConflictRetry {
  attempts: number;
  pause(attempt: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Full jitter: a random pause up to a ceiling that doubles with each attempt, so commands that
 * collided do not meet again in step.
 */
export const fullJitter =
  (baseMs: number, capMs: number, random: () => number = Math.random, wait = sleep) =>
  (attempt: number): Promise<void> =>
    wait(random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)));

/** A few milliseconds: the race is with another command of the same family, not with an outage. */
export const conflictRetry: ConflictRetry = { attempts: 5, pause: fullJitter(10, 80) };

/**
 * Runs a command (read, decide, write) and runs it again from the read when its write was stale,
 * up to the bound; any other error, a contradiction included, is the answer at once. The command is
 * told which attempt it is (from 1), for one whose first read was made before it.
 */
export const retryOnConflict = async <T>(
  command: (attempt: number) => Promise<T>,
  retry: ConflictRetry = conflictRetry,
): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await command(attempt);
    } catch (error) {
      if (!(error instanceof StaleWrite) || attempt >= retry.attempts) throw error;
      await retry.pause(attempt);
    }
  }
};

/**
 * An outside effect a retried command makes at most once, whatever the attempts (a data key, a
 * provider call): the first call's arguments and result stand for every later one.
 */
export const once = <A extends unknown[], T>(effect: (...args: A) => Promise<T>) => {
  let made: Promise<T> | undefined;
  return (...args: A): Promise<T> => (made ??= effect(...args));
};
