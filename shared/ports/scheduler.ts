import type { PauseEnd } from '../domain/family/pause';
import type { ImportCheck } from '../domain/history/history-import';
import type { TrialEnding } from '../domain/family/trial-ending';
import type { ReconnectAttempt } from '../domain/pairing/reconnect';

/** One-time schedules of one target: each payload fires once, at its time, unless cancelled. */
export interface OneTimeScheduler<P> {
  schedule(payload: P, at: Date): Promise<void>;
  cancel(payload: P): Promise<void>;
}

/** The reconnect attempts of a dropped pairing. */
export type ReconnectScheduler = OneTimeScheduler<ReconnectAttempt>;

/** The end of a guardians' pause, at its `until`. */
export type PauseResumeScheduler = OneTimeScheduler<PauseEnd>;
/** The guardians' notices that a seat's trial ends tomorrow. */
export type TrialEndingScheduler = OneTimeScheduler<TrialEnding>;
/** An offered import's lapse, at its `offerExpiresAt`. */
export type HistoryOfferScheduler = OneTimeScheduler<ImportCheck>;
/** A running import's check for progress, `HISTORY_STUCK_SECONDS` after its last. */
export type HistoryStuckScheduler = OneTimeScheduler<ImportCheck>;
