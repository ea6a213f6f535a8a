import { setTimeout as delay } from 'node:timers/promises';

export interface Patience {
  /** How long to keep reading before giving up (default 15 s). */
  deadlineMs?: number;
  /** The pause between two reads (default 50 ms). */
  everyMs?: number;
}

/**
 * The one way tests wait: read what can be observed until `accept` holds, within a deadline, and
 * fail naming what was awaited and the last value seen. Never a fixed sleep.
 */
export const eventually = async <T>(
  read: () => Promise<T> | T,
  accept: (value: T) => boolean,
  what: string,
  patience: Patience | number = {},
): Promise<T> => {
  const value = await lastRead(read, accept, patience);
  if (!accept(value))
    throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value) ?? String(value)}`);
  return value;
};

/**
 * Like `eventually`, but answers the last value read when the deadline passes, for callers whose
 * assertion (or answer) is about that value itself.
 */
export const lastRead = async <T>(
  read: () => Promise<T> | T,
  accept: (value: T) => boolean,
  patience: Patience | number = {},
): Promise<T> => {
  const { deadlineMs = 15_000, everyMs = 50 } =
    typeof patience === 'number' ? { deadlineMs: patience } : patience;
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > until) return value;
    await delay(everyMs);
  }
};
