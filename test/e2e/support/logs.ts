import { lastRead } from '../../support/eventually';
import { stackLog } from './stack';

/**
 * The local stack's JSON log lines named `msg` (its standard output, which the tests keep in a
 * file): the service's logger names a line in `message`, the dev-delivery lines in `msg`.
 */
export const logLines = async <T = Record<string, unknown>>(msg: string): Promise<T[]> =>
  (await stackLog())
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('{') && (line.includes(`"message":"${msg}"`) || line.includes(`"msg":"${msg}"`)),
    )
    .map((line) => JSON.parse(line) as T);

/** Waits (bounded) until at least `count` lines named `msg` pass `filter`, and returns them. */
export const awaitLogLines = <T = Record<string, unknown>>(
  msg: string,
  filter: (line: T) => boolean,
  count: number,
  deadlineMs = 10_000,
): Promise<T[]> =>
  lastRead(
    async () => (await logLines<T>(msg)).filter(filter),
    (lines) => lines.length >= count,
    {
      deadlineMs,
      everyMs: 25,
    },
  );
