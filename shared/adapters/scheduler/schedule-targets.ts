import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import type { PauseEnd } from '../../domain/family/pause';
import type { TrialEnding } from '../../domain/family/trial-ending';
import type { ReconnectAttempt } from '../../domain/pairing/reconnect';
import type { ImportCheck } from '../../domain/history/history-import';

/**
 * The targets of one-time schedules, each a schedule row of the consumers table (`infra/consumers.ts`,
 * by the same name) and the one schema of what its schedules carry: the adapter that schedules writes
 * the payload with it and the handler that receives reads it with it. EventBridge Scheduler hands the
 * schedule's `Input` to the target Lambda as its event, and the embedded scheduler hands the same
 * text, parsed, to the same handler.
 */
export interface ScheduleTarget<P> {
  name: string;
  payload: z.ZodMiniType<P>;
  /** `<target>-<key>`: unique per payload (scheduling one twice keeps one), and grants scope by the prefix. */
  scheduleName(payload: P): string;
}

const scheduleTarget = <P>(
  name: string,
  payload: z.ZodMiniType<P>,
  key: (payload: P) => string,
): ScheduleTarget<P> => ({
  name,
  payload,
  scheduleName: (one: P) => `${name}-${key(one)}`,
});

const reconnectAttempt: z.ZodMiniType<ReconnectAttempt> = onFirstUse(() =>
  z.object({
    seatUid: z.string(),
    pairingId: z.string(),
    attempt: z.int().check(z.positive()),
  }),
);

const pauseEnd: z.ZodMiniType<PauseEnd> = onFirstUse(() =>
  z.object({ seatUid: z.string(), pauseId: z.string() }),
);
const trialEnding: z.ZodMiniType<TrialEnding> = onFirstUse(() =>
  z.object({
    seatUid: z.string(),
    trialEndsAt: z.string(),
  }),
);

const importCheck: z.ZodMiniType<ImportCheck> = onFirstUse(() =>
  z.object({
    seatUid: z.string(),
    importId: z.string(),
    at: z.string(),
  }),
);
/** Each due instant its own schedule: a check made again later is not the one that fired. */
const importCheckKey = (check: ImportCheck) => `${check.importId}-${Date.parse(check.at)}`;

export const scheduleTargets = {
  /** One reconnect attempt of a dropped pairing. */
  reconnect: scheduleTarget(
    'reconnect',
    reconnectAttempt,
    (attempt) => `${attempt.pairingId}-${attempt.attempt}`,
  ),
  /** The end of one pause, at its `until`. */
  pauseResume: scheduleTarget('pauseResume', pauseEnd, (end) => end.pauseId),
  /** The guardians' notice, a day before a seat's trial ends (one per seat: its trial starts once). */
  trialEnding: scheduleTarget('trialEnding', trialEnding, (notice) => notice.seatUid),
  /** An offered history import's lapse, at its `offerExpiresAt`. */
  historyOfferExpiry: scheduleTarget('historyOfferExpiry', importCheck, importCheckKey),
  /** A running history import's progress check. */
  historyStuck: scheduleTarget('historyStuck', importCheck, importCheckKey),
  /** The recurring admission sweep (the row's own rate schedule; nothing schedules it once). */
  historyAdmission: scheduleTarget('historyAdmission', z.object({}), () => 'sweep'),
  /** The daily proxy-supply check: orders expiring within 7 days (the row's own rate schedule). */
  supplyExpiry: scheduleTarget('supplyExpiry', z.object({}), () => 'daily'),
} as const;

export type ScheduleTargetName = keyof typeof scheduleTargets;

/** The event a schedule delivers to its target, as text: EventBridge Scheduler's `Input`. */
export const scheduleInput = <P>(target: ScheduleTarget<P>, payload: P): string =>
  JSON.stringify(target.payload.parse(payload));

/** How often a target that fails is invoked again before the schedule is given up (to its DLQ in AWS). */
export const scheduleRetries = 3;
