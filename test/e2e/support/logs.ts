import { eventually } from '../../support/eventually';
import { stackLogLines } from './stack';

/**
 * The local stack's JSON log lines named `msg` (its standard output, which the tests keep in a
 * file): the service's logger names a line in `message`, the dev-delivery lines in `msg`.
 */
export const logLines = <T = Record<string, unknown>>(msg: string): Promise<T[]> => stackLogLines<T>(msg);

/**
 * Waits (bounded) until at least `count` lines named `msg` pass `filter`, and returns them; fails
 * naming what it awaited when the deadline passes short, so a wait for lines that never come costs a
 * failure, not a silent deadline. A deadline of 0 reads once, as the log stands.
 */
export const awaitLogLines = async <T = Record<string, unknown>>(
  msg: string,
  filter: (line: T) => boolean,
  count: number,
  deadlineMs = 10_000,
): Promise<T[]> => {
  const read = async () => (await logLines<T>(msg)).filter(filter);
  if (deadlineMs === 0) return read();
  return eventually(read, (lines) => lines.length >= count, `${count} log lines ${msg}`, {
    deadlineMs,
    everyMs: 25,
  });
};
