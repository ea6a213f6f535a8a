import type { ReconnectAttempt } from '../domain/pairing/reconnect';

/** One-time schedules: the reconnect attempts of a dropped pairing. */
export interface ReconnectScheduler {
  schedule(attempt: ReconnectAttempt, at: Date): Promise<void>;
  cancel(attempt: ReconnectAttempt): Promise<void>;
}
