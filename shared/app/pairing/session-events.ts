import * as z from '../../validation/z';
import { seatOf, type Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { accountUidOfSeat } from '../../domain/family/uids';
import {
  beginAttempt,
  movePairing,
  numberTrigger,
  providerStatuses,
  isExpectedRestartReport,
  isStaleReport,
  isWithinExpectedRestart,
  readProviderStatus,
  reconnectStep,
  seatUidOfLegacySession,
  type Pairing,
  type PairingMoveResult,
} from '../../domain/pairing/pairing';
import { isOpenPairing, type PairingTrigger } from '../../domain/pairing/pairing.transitions';
import { readProviderMessage } from '../../domain/pairing/provider-message';
import {
  analyseMessage,
  newBatchMemory,
  type AnalysisDeps,
  type BatchMemory,
} from '../alerts/analyse-message';
import type { ReconnectAttempt } from '../../domain/pairing/reconnect';
import type { EventSource } from '../../domain/events/event';
import type { Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { seatRef } from '../seats/seats';
import { once, retryOnConflict } from '../retry-on-conflict';
import { fetchChallenge } from './challenge';
import { endSession } from './sessions';
import { planPairingChange, savePairingPlan } from './pairing-changes';
import { admitNext } from '../history/admission';
import { catchUpEvent } from './catch-up';

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
/** The session-events worker's: moving pairings, and analysing messages. */
export type WorkerDeps = PairingWorkerDeps & AnalysisDeps;

/**
 * What became of one provider event; the handler counts these in its log metrics. `dropped`: a
 * message read by nobody (a seat not protected, a status broadcast, no text).
 */
export type SessionEventOutcome =
  | 'handled'
  | 'unchanged'
  | 'duplicate'
  | 'stale'
  | 'unknown_session'
  | 'ingested'
  | 'dropped'
  | 'not_an_event';

const ownId = z.catch(z.optional(z.nullable(z.string())), null);
/**
 * The account the session is linked to, as far as the provider says: `null` before it is
 * authenticated, and any part of it may be missing (older engines, a `WORKING` sent before the
 * engine knows it). What it lacks is unknown (the provider is asked), never a reason to refuse.
 */
const me = z.catch(z.nullable(z.looseObject({ id: ownId, lid: ownId, jid: ownId })), null);
const envelope = z.looseObject({
  event: z.string(),
  session: z.string(),
  /** What the pairing gave the session when it was created; the provider echoes it in every event. */
  metadata: z.optional(z.nullable(z.looseObject({ seatUid: z.optional(z.string()) }))),
  me: z.optional(me),
  /** When the provider made the event (ms); older providers may leave it out. */
  timestamp: z.optional(z.number()),
  payload: z.record(z.string(), z.unknown()),
});
const statusPayload = z.looseObject({
  status: z.enum(providerStatuses),
  data: z.optional(z.nullable(z.looseObject({ code: z.optional(z.string()) }))),
});

const providerId = z.nullable(z.optional(z.string().check(z.maxLength(500))));
const messagePayload = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(500)),
  timestamp: z.number(),
  from: providerId,
  to: providerId,
  fromMe: z.boolean(),
  body: z.nullable(z.optional(z.string())),
});

/**
 * The seat whose pairing owns a session, or null: a session nobody here started is unknown. The seat
 * uid comes from the session's metadata (signed with the body); the seat's own pairing must name the
 * session, so metadata that points elsewhere finds nothing.
 */
const sessionOwner = async (deps: Pick<Deps, 'families'>, event: z.infer<typeof envelope>) => {
  const seatUid = event.metadata?.seatUid ?? seatUidOfLegacySession(event.session);
  const accountUid = seatUid === null ? null : accountUidOfSeat(seatUid);
  const family = accountUid === null ? null : await deps.families.load(accountUid);
  const seat = family === null || seatUid === null ? undefined : seatOf(family, seatUid);
  if (family === null || seat?.pairing == null || seat.pairing.sessionName !== event.session) return null;
  return { family, seat, pairing: seat.pairing };
};

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

/**
 * The moves a `session.status` report made at `reportedAt` (the provider's instant, or when it
 * arrived) makes, asking the provider what the report leaves out.
 */
const movesFor = async (
  deps: PairingWorkerDeps,
  seat: Seat,
  pairing: Pairing,
  status: z.infer<typeof statusPayload>,
  connected: z.infer<typeof me> | null | undefined,
  reportedAt: string,
): Promise<PairingMoveResult[]> => {
  const now = deps.clock.now();
  const reading = readProviderStatus(
    pairing,
    status.status,
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
        isExpectedRestartReport(pairing, status.status, reportedAt),
      );
    case 'challenge': {
      // The provider re-emits SCAN_QR_CODE at every QR rotation: a code the person may be typing
      // stays until it expires (a QR is simply replaced); after a restart the service asked for,
      // the codes given before are gone, and a new one is asked for.
      if (codeStillValid(pairing, now) && !isWithinExpectedRestart(pairing, reportedAt)) return [];
      const challenge = await fetchChallenge(deps, pairing, phone);
      const move = challenge === null ? null : movePairing(pairing, 'challenge_arrived', now, { challenge });
      return move === null ? [] : [move];
    }
    case 'confirm': {
      const challenge = {
        kind: 'passkey_confirm' as const,
        value: status.data?.code ?? null,
        confirmation: 'number' as const,
        expiresAt: null,
      };
      const move = movePairing(pairing, 'number_check_requested', now, { challenge });
      return move === null ? [] : [move];
    }
    case 'connected': {
      const ids = [connected?.id, connected?.jid].filter((id): id is string => typeof id === 'string');
      // The envelope may carry no `me` (older providers): ask for it.
      if (ids.length === 0) {
        const asked = await deps.sessions.me(pairing.sessionName);
        if (asked !== null) ids.push(asked);
      }
      return chain(pairing, [...reading.before, numberTrigger(phone, ids)], now, deps);
    }
  }
};

/**
 * A message of a live pairing: read from the provider's payload (status broadcasts and messages
 * without text are dropped unread), then analysed once by its own id whichever event brings it
 * (`message` and `message.any` both bring an incoming one, minutes apart at times).
 */
const ingestMessage = async (
  deps: WorkerDeps,
  memory: BatchMemory,
  family: Family,
  seat: Seat,
  event: z.infer<typeof envelope>,
): Promise<SessionEventOutcome> => {
  const payload = messagePayload.safeParse(event.payload);
  if (!payload.success) return 'not_an_event';
  const { from = null, to = null, body = null, ...rest } = payload.data;
  const own = [event.me?.id, event.me?.lid, event.me?.jid].filter(
    (id): id is string => typeof id === 'string',
  );
  const message = readProviderMessage({ ...rest, from, to, body }, own);
  if (message === null) return 'dropped';
  return analyseMessage(deps, memory, family, seat, message);
};

/** The moves' last pairing (the one saved) remembers when the provider made the report. */
const stampedWith = (moves: PairingMoveResult[], reportedAt: string | null): PairingMoveResult[] => {
  const last = moves.at(-1);
  if (reportedAt === null || last === undefined) return moves;
  return [...moves.slice(0, -1), { ...last, pairing: { ...last.pairing, statusReportedAt: reportedAt } }];
};

/** One event handled on the family as it is now. */
const handleOnFreshRead = async (
  deps: WorkerDeps,
  event: z.infer<typeof envelope>,
  providerEventId: string,
  memory: BatchMemory,
): Promise<SessionEventOutcome> => {
  const owner = await sessionOwner(deps, event);
  if (owner === null) return 'unknown_session';
  const { family, seat, pairing } = owner;

  if (event.event === 'message' || event.event === 'message.any') {
    if (pairing.status !== 'paired' && pairing.status !== 'degraded') return 'unknown_session';
    return ingestMessage(deps, memory, family, seat, event);
  }
  if (event.event !== 'session.status' && event.event !== catchUpEvent) return 'unchanged';
  // A catch-up is for a pairing no report has moved yet: one that moved heard the provider already.
  if (event.event === catchUpEvent && pairing.status !== 'starting') return 'unchanged';
  if (await deps.families.handledProviderEvent(providerEventId)) return 'duplicate';
  const catchUp = event.event === catchUpEvent;
  // A catch-up reads the status as it is now: any report the provider made before is older.
  const reportedAt = catchUp
    ? deps.clock.now().toISOString()
    : event.timestamp === undefined
      ? null
      : new Date(event.timestamp).toISOString();
  const status = statusPayload.safeParse(
    catchUp ? { status: await deps.sessions.status(pairing.sessionName) } : event.payload,
  );
  if (!status.success) return 'not_an_event';
  if (isStaleReport(pairing, reportedAt)) return 'stale';

  const moves = await movesFor(
    deps,
    seat,
    pairing,
    status.data,
    event.me,
    reportedAt ?? deps.clock.now().toISOString(),
  );
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
 * A worker's handling of one session-provider event the gateway queued. Events
 * of a session no pairing owns are dropped; a live pairing's messages are analysed, each once by
 * its own id (`memory` is what the batch keeps of them); a status report moves the pairing by the
 * table, once: the provider's event id is written with the change, so a redelivery finds it and
 * changes nothing.
 */
export const handleSessionEvent = async (
  deps: WorkerDeps,
  body: string,
  providerEventId: string,
  memory: BatchMemory = newBatchMemory(),
): Promise<SessionEventOutcome> => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'not_an_event';
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) return 'not_an_event';
  const event = parsed.data;
  // A pairing moved by a concurrent command (the person's answer, a guardian's unlink) is read
  // again and the event decided on it: a queue redelivery would hold the session's group for long.
  return retryOnConflict(() => handleOnFreshRead(deps, event, providerEventId, memory));
};

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
    const status = statusPayload.safeParse({ status: await providerStatus(pairing.sessionName) });
    const reading = status.success
      ? readProviderStatus(pairing, status.data.status, deps.settings.pairing.reconnectDelaysSeconds.length)
      : ({ kind: 'ignore' } as const);
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
      step === 'follow_status' && status.success
        ? await movesFor(deps, seat, pairing, status.data, null, now.toISOString())
        : chain(firing.kind === 'attempt' ? firing.pairing : pairing, ['third_retry_failed'], now, deps);
    await settle(deps, source, family, seat, stampedWith(ending, now.toISOString()), null);
    return ending.at(-1)?.pairing.status === 'paired' ? 'reconnected' : 'disconnected';
  });
};
