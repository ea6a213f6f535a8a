import { seatOf, type Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { accountUidOfSeat } from '../../domain/family/uids';
import {
  beginAttempt,
  knownProviderStatus,
  movePairing,
  numberTrigger,
  isExpectedRestartReport,
  isStaleReport,
  isWithinExpectedRestart,
  readProviderStatus,
  reconnectStep,
  type Pairing,
  type StoredChallenge,
  type PairingMoveResult,
  type ProviderStatus,
} from '../../domain/pairing/pairing';
import { isOpenPairing, type PairingTrigger } from '../../domain/pairing/pairing.transitions';
import type { ReconnectAttempt } from '../../domain/pairing/reconnect';
import type { EventSource } from '../../domain/events/event';
import type { ConnectedAccount, SessionStatusEvent } from '../../ports/session-provider';
import type { Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { seatRef } from '../seats/seats';
import { once, retryOnConflict } from '../retry-on-conflict';
import { sessionOwner } from '../session-owner';
import { fetchChallenge } from './challenge';
import { endSession } from './sessions';
import { planPairingChange, savePairingPlan } from './pairing-changes';
import { admitNext } from '../history/admission';
import type { CatchUp } from './catch-up';

/** What moving a pairing needs (the reconnect target's whole need). */
export type PairingWorkerDeps = Pick<
  Deps,
  | 'families'
  | 'ids'
  | 'clock'
  | 'hasher'
  | 'settings'
  | 'sessions'
  | 'sessionEnds'
  | 'reconnects'
  | 'trialEndings'
  | 'notifier'
  | 'notificationSettings'
  | 'historyQueue'
  | 'historyOffers'
  | 'historyStuckChecks'
  | 'historyWork'
>;
/**
 * What became of one status report; the worker counts these in its log metrics. `not_an_event`: a
 * catch-up of a session whose status the provider does not know.
 */
export type StatusReportOutcome =
  'handled' | 'unchanged' | 'duplicate' | 'stale' | 'unknown_session' | 'not_an_event';

/**
 * Moves a pairing by the table's moves: planned, then carried out: what must happen at the outside
 * before the commit (idempotent: a retried message does it again harmlessly), the commit with the
 * provider event marked handled, then the notifications as the guardians' preferences allow and
 * the end of a finished session.
 */
const settle = async (
  deps: PairingWorkerDeps,
  source: EventSource,
  family: Family,
  seat: Seat,
  moves: readonly PairingMoveResult[],
  providerEventId: string | null,
) => {
  const plan = planPairingChange(deps, source, family, seat, moves);
  const moved = plan.seat.pairing;
  if (plan.logout && moved !== null) await deps.sessions.logout(moved.sessionName);
  if (plan.schedule !== null) await deps.reconnects.schedule(plan.schedule.attempt, plan.schedule.at);
  const retention = deps.settings.pairing.providerEventRetentionSeconds;
  await savePairingPlan(deps, family, plan, {
    ...(providerEventId === null
      ? {}
      : {
          providerEvent: {
            id: providerEventId,
            expiresAtSeconds: Math.floor(deps.clock.now().getTime() / 1000) + retention,
          },
        }),
  });
  // Once the trial is written: a notice that fires at once (a trial of a day or less) finds it.
  if (plan.trialEnding !== null)
    await deps.trialEndings.schedule(plan.trialEnding.notice, plan.trialEnding.at);
  if (moved !== null && !isOpenPairing(moved.status)) await endSession(deps, moved.sessionName);
  // The warm-up joined the queue with the change (it starts at once when a slot is free), or an
  // import ended with the pairing (its slot goes to the head of the queue).
  if (plan.historyMoved) await admitNext(deps, 'workers');
};

/** Applies triggers one after another; the chain stops at the first the table has no row for. */
const chain = (
  pairing: Pairing,
  triggers: readonly PairingTrigger[],
  now: Date,
  deps: PairingWorkerDeps,
  restartExpected = false,
) => {
  const moves: PairingMoveResult[] = [];
  let current = pairing;
  for (const on of triggers) {
    const move = movePairing(current, on, now, {
      reconnectDelaysSeconds: deps.settings.pairing.reconnectDelaysSeconds,
      restartExpected,
    });
    if (move === null) break;
    moves.push(move);
    current = move.pairing;
  }
  return moves;
};

const codeStillValid = (pairing: Pairing, now: Date): boolean =>
  pairing.status === 'challenge' &&
  pairing.challenge?.kind === 'code' &&
  pairing.challenge.expiresAt !== null &&
  Date.parse(pairing.challenge.expiresAt) > now.getTime();

/** What a status report says: the status, the number to compare, the account the session is linked to. */
interface Report {
  status: ProviderStatus;
  code: string | null;
  me: ConnectedAccount | null;
}

/** Whether the pairing already shows this very challenge (same kind, same QR or code). */
const isShownChallenge = (pairing: Pairing, challenge: StoredChallenge): boolean =>
  pairing.status === 'challenge' &&
  pairing.challenge !== null &&
  pairing.challenge.kind === challenge.kind &&
  challenge.value !== null &&
  pairing.challenge.value === challenge.value;

/**
 * The moves a `session.status` report made at `reportedAt` (the provider's instant, or when it
 * arrived) makes, asking the provider what the report leaves out.
 */
const movesFor = async (
  deps: PairingWorkerDeps,
  seat: Seat,
  pairing: Pairing,
  report: Report,
  reportedAt: string,
): Promise<PairingMoveResult[]> => {
  const now = deps.clock.now();
  const reading = readProviderStatus(
    pairing,
    report.status,
    deps.settings.pairing.reconnectDelaysSeconds.length,
  );
  const phone = seat.dependent?.phone ?? '';
  switch (reading.kind) {
    case 'ignore':
      return [];
    case 'move':
      return chain(
        pairing,
        [reading.on],
        now,
        deps,
        isExpectedRestartReport(pairing, report.status, reportedAt),
      );
    case 'challenge': {
      // The provider re-emits SCAN_QR_CODE at every QR rotation: a code the person may be typing
      // stays until it expires (a QR is simply replaced); after a restart the service asked for,
      // the codes given before are gone, and a new one is asked for.
      if (codeStillValid(pairing, now) && !isWithinExpectedRestart(pairing, reportedAt)) return [];
      const challenge = await fetchChallenge(deps, pairing, phone);
      // A report of the challenge the guardian already sees (the provider's SCAN_QR_CODE read again
      // after a catch-up that showed its QR) shows nothing again.
      if (challenge === null || isShownChallenge(pairing, challenge)) return [];
      const move = movePairing(pairing, 'challenge_arrived', now, { challenge });
      return move === null ? [] : [move];
    }
    case 'confirm': {
      const challenge = {
        kind: 'passkey_confirm' as const,
        value: report.code,
        confirmation: 'number' as const,
        expiresAt: null,
      };
      const move = movePairing(pairing, 'number_check_requested', now, { challenge });
      return move === null ? [] : [move];
    }
    case 'connected': {
      const ids = [report.me?.id, report.me?.jid].filter((id): id is string => typeof id === 'string');
      // The envelope may carry no `me` (older providers): ask for it.
      if (ids.length === 0) {
        const asked = await deps.sessions.me(pairing.sessionName);
        if (asked !== null) ids.push(asked);
      }
      return chain(pairing, [...reading.before, numberTrigger(phone, ids)], now, deps);
    }
  }
};

/** The moves' last pairing (the one saved) remembers when the provider made the report. */
const stampedWith = (moves: PairingMoveResult[], reportedAt: string | null): PairingMoveResult[] => {
  const last = moves.at(-1);
  if (reportedAt === null || last === undefined) return moves;
  return [...moves.slice(0, -1), { ...last, pairing: { ...last.pairing, statusReportedAt: reportedAt } }];
};

/** The report a catch-up makes: the session's status as the provider answers it now. */
const caughtUp = async (deps: PairingWorkerDeps, pairing: Pairing): Promise<Report | null> => {
  const status = knownProviderStatus(await deps.sessions.status(pairing.sessionName));
  return status === null ? null : { status, code: null, me: null };
};

/** One report handled on the family as it is now. */
const handleOnFreshRead = async (
  deps: PairingWorkerDeps,
  event: SessionStatusEvent | CatchUp,
  providerEventId: string,
): Promise<StatusReportOutcome> => {
  const owner = await sessionOwner(deps, event.envelope);
  if (owner === null) return 'unknown_session';
  const { family, seat, pairing } = owner;

  const catchUp = event.kind === 'catch_up';
  // A catch-up is for a pairing no report has moved yet: one that moved heard the provider already.
  if (catchUp && pairing.status !== 'starting') return 'unchanged';
  if (await deps.families.handledProviderEvent(providerEventId)) return 'duplicate';
  // A catch-up reads the status as it is now: any report the provider made before is older.
  const reportedAt = catchUp ? deps.clock.now().toISOString() : event.reportedAt;
  const report = catchUp ? await caughtUp(deps, pairing) : event;
  if (report === null) return 'not_an_event';
  if (isStaleReport(pairing, reportedAt)) return 'stale';

  const moves = await movesFor(deps, seat, pairing, report, reportedAt ?? deps.clock.now().toISOString());
  if (moves.length === 0) return 'unchanged';
  if (
    moves.some((move) => move.on === 'reconnected') &&
    pairing.reconnectAttempts <= deps.settings.pairing.reconnectDelaysSeconds.length
  ) {
    // The attempt (or, after the last, the verdict) still waiting is no longer needed (and would
    // change nothing if it fired).
    await deps.reconnects.cancel({
      seatUid: seat.uid,
      pairingId: pairing.pairingId,
      attempt: pairing.reconnectAttempts + 1,
    });
  }
  await settle(deps, 'workers', family, seat, stampedWith(moves, reportedAt), providerEventId);
  return 'handled';
};

/**
 * A session's status report (or a pairing's catch-up, `catch-up.ts`), as the session-events worker
 * hands it over: a report of a session no pairing owns is dropped; otherwise it moves the pairing by
 * the table, once: the provider's event id is written with the change, so a redelivery finds it and
 * changes nothing.
 */
export const handleStatusReport = async (
  deps: PairingWorkerDeps,
  event: SessionStatusEvent | CatchUp,
  providerEventId: string,
): Promise<StatusReportOutcome> =>
  // A pairing moved by a concurrent command (the person's answer, a guardian's unlink) is read
  // again and the event decided on it: a queue redelivery would hold the session's group for long.
  retryOnConflict(() => handleOnFreshRead(deps, event, providerEventId));

/**
 * What became of a reconnect schedule: `stale` (not the one the pairing waits for), `attempted` (a
 * restart asked; the provider's report decides), or where the pairing ended: `reconnected`
 * (`paired`) or `disconnected`.
 */
export type ReconnectOutcome = 'stale' | 'attempted' | 'reconnected' | 'disconnected';

/**
 * A reconnect schedule fired (see `reconnect.ts`): only the one the pairing waits for acts. It first
 * reads the session's status at the provider as a report made now, as the catch-up does: a session
 * the provider has back (`WORKING`) makes the pairing `paired` as its own `WORKING` event would,
 * whether that event is late, lost or never sent (the `STOPPED` was a late delivery of a drop that
 * is over), and is not restarted (the restart's own reports would read as a second drop). Otherwise
 * an attempt schedules the next one (after the last, the verdict), asks the provider to restart the
 * session, and records the attempt; the restart's report moves the pairing. The verdict, and a last
 * attempt whose restart the provider refuses, end the drop: `disconnected`, with the critical
 * notification.
 */
export const handleReconnectAttempt = async (
  deps: PairingWorkerDeps,
  fired: ReconnectAttempt,
  source: EventSource = 'crons',
): Promise<ReconnectOutcome> => {
  // Asked once per firing, even when its record is written again after a concurrent change.
  const providerStatus = once((sessionName: string) => deps.sessions.status(sessionName).catch(() => null));
  const restart = once((sessionName: string) =>
    deps.sessions.restart(sessionName).then(
      () => true,
      () => false,
    ),
  );
  return retryOnConflict(async () => {
    const family = await deps.families.load(accountUidOfSeat(fired.seatUid) ?? '');
    const seat = family === null ? undefined : seatOf(family, fired.seatUid);
    if (family === null || seat?.pairing == null) return 'stale';
    const pairing = seat.pairing;
    const firing = beginAttempt(pairing, fired, deps.settings.pairing.reconnectDelaysSeconds);
    if (firing === null) return 'stale';
    const now = deps.clock.now();
    const status = knownProviderStatus(await providerStatus(pairing.sessionName));
    const reading =
      status === null
        ? ({ kind: 'ignore' } as const)
        : readProviderStatus(pairing, status, deps.settings.pairing.reconnectDelaysSeconds.length);
    const step = reconnectStep(firing, reading);
    if (step === 'restart' && firing.kind === 'attempt') {
      if (firing.next !== null) await deps.reconnects.schedule(firing.next.attempt, firing.next.at);
      if ((await restart(pairing.sessionName)) || !firing.last) {
        await deps.families.saveSeat({ ...seat, pairing: firing.pairing, updatedAt: now.toISOString() }, [
          sourcedEvent(deps, source, {
            type: 'pairing.status',
            accountId: seat.accountUid,
            seat: seatRef(seat),
            payload: {
              status: firing.pairing.status,
              nextRetryAt: firing.pairing.nextRetryAt,
              reconnectAttempts: firing.pairing.reconnectAttempts,
            },
          }),
        ]);
        return 'attempted';
      }
    }
    // The provider's status moves the pairing (the same moves its report would make); or the drop
    // ends here: the verdict found the session still down, or the provider refused the last restart.
    const ending =
      step === 'follow_status' && status !== null
        ? await movesFor(deps, seat, pairing, { status, code: null, me: null }, now.toISOString())
        : chain(firing.kind === 'attempt' ? firing.pairing : pairing, ['third_retry_failed'], now, deps);
    await settle(deps, source, family, seat, stampedWith(ending, now.toISOString()), null);
    return ending.at(-1)?.pairing.status === 'paired' ? 'reconnected' : 'disconnected';
  });
};
