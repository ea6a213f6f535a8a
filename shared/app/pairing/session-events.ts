import * as z from '../../validation/z';
import { seatOf, type Family } from '../../domain/family/account';
import type { Seat } from '../../domain/family/seat';
import { accountUidOfSeat } from '../../domain/family/uids';
import {
  beginAttempt,
  movePairing,
  numberTrigger,
  providerStatuses,
  isStaleReport,
  readProviderStatus,
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
import { planPairingChange, savePairingPlan, type PairingPlan } from './pairing-changes';
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

const me = z.looseObject({
  id: z.string(),
  lid: z.optional(z.nullable(z.string())),
  jid: z.optional(z.nullable(z.string())),
});
const envelope = z.looseObject({
  event: z.string(),
  session: z.string(),
  /** What the pairing gave the session when it was created; the provider echoes it in every event. */
  metadata: z.optional(z.nullable(z.looseObject({ seatUid: z.optional(z.string()) }))),
  me: z.optional(z.nullable(me)),
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
 * Carries out a plan: what must happen at the outside before the commit (idempotent: a retried
 * message does it again harmlessly), the commit with the provider event marked handled, then the
 * notifications as the guardians' preferences allow and the end of a finished session.
 */
const carryOut = async (
  deps: PairingWorkerDeps,
  family: Family,
  pairing: Pairing,
  plan: PairingPlan,
  providerEventId: string | null,
) => {
  if (plan.logout) await deps.sessions.logout(pairing.sessionName);
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
  const ended = plan.seat.pairing;
  if (ended !== null && !isOpenPairing(ended.status)) await endSession(deps, ended.sessionName);
  // The warm-up joined the queue with the change (it starts at once when a slot is free), or an
  // import ended with the pairing (its slot goes to the head of the queue).
  if (plan.historyMoved) await admitNext(deps, 'workers');
};

/** Applies triggers one after another; the chain stops at the first the table has no row for. */
const chain = (pairing: Pairing, triggers: readonly PairingTrigger[], now: Date, deps: PairingWorkerDeps) => {
  const moves: PairingMoveResult[] = [];
  let current = pairing;
  for (const on of triggers) {
    const move = movePairing(current, on, now, {
      reconnectDelaysSeconds: deps.settings.pairing.reconnectDelaysSeconds,
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

/** The moves a `session.status` report makes, asking the provider what the report leaves out. */
const movesFor = async (
  deps: PairingWorkerDeps,
  seat: Seat,
  pairing: Pairing,
  status: z.infer<typeof statusPayload>,
  connected: z.infer<typeof me> | null | undefined,
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
      return chain(pairing, [reading.on], now, deps);
    case 'challenge': {
      // The provider re-emits SCAN_QR_CODE at every QR rotation: a code the person may be typing
      // stays until it expires (a QR is simply replaced).
      if (codeStillValid(pairing, now)) return [];
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

  const moves = await movesFor(deps, seat, pairing, status.data, event.me);
  if (moves.length === 0) return 'unchanged';
  const plan = planPairingChange(deps, 'workers', family, seat, stampedWith(moves, reportedAt));
  if (
    moves.some((move) => move.on === 'reconnected') &&
    pairing.reconnectAttempts < deps.settings.pairing.reconnectDelaysSeconds.length
  ) {
    // The attempt still waiting is no longer needed (and would change nothing if it fired).
    await deps.reconnects.cancel({
      seatUid: seat.uid,
      pairingId: pairing.pairingId,
      attempt: pairing.reconnectAttempts + 1,
    });
  }
  await carryOut(deps, family, pairing, plan, providerEventId);
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

export type ReconnectOutcome = 'stale' | 'attempted' | 'gave_up';

/**
 * A reconnect schedule fired (see `reconnect.ts`): only the attempt the pairing waits for
 * acts. It schedules the next attempt, asks the provider to restart the session, and records the
 * attempt; the provider's answer arrives as a status (`WORKING` reconnects, `FAILED` after the last
 * attempt gives up). A restart the provider refuses on the last attempt gives up at once.
 */
export const handleReconnectAttempt = async (
  deps: PairingWorkerDeps,
  fired: ReconnectAttempt,
  source: EventSource = 'crons',
): Promise<ReconnectOutcome> => {
  // One restart per attempt, even when its record is written again after a concurrent change. A
  // session the provider already has back (`WORKING`, its event still on the way) is not restarted:
  // the restart's own `STARTING` would read as a second drop.
  const restart = once(async (sessionName: string) => {
    if ((await deps.sessions.status(sessionName).catch(() => null)) === 'WORKING') return true;
    return deps.sessions.restart(sessionName).then(
      () => true,
      () => false,
    );
  });
  return retryOnConflict(async () => {
    const family = await deps.families.load(accountUidOfSeat(fired.seatUid) ?? '');
    const seat = family === null ? undefined : seatOf(family, fired.seatUid);
    if (family === null || seat?.pairing == null) return 'stale';
    const begun = beginAttempt(seat.pairing, fired, deps.settings.pairing.reconnectDelaysSeconds);
    if (begun === null) return 'stale';
    if (begun.next !== null) await deps.reconnects.schedule(begun.next.attempt, begun.next.at);
    const restarted = await restart(seat.pairing.sessionName);
    const attempting: Seat = { ...seat, pairing: begun.pairing, updatedAt: deps.clock.now().toISOString() };
    if (!restarted && begun.next === null) {
      const moves = chain(begun.pairing, ['third_retry_failed'], deps.clock.now(), deps);
      const plan = planPairingChange(deps, source, family, seat, moves);
      await carryOut(deps, family, seat.pairing, plan, null);
      return 'gave_up';
    }
    await deps.families.saveSeat(attempting, [
      sourcedEvent(deps, source, {
        type: 'pairing.status',
        accountId: seat.accountUid,
        seat: seatRef(seat),
        payload: {
          status: begun.pairing.status,
          nextRetryAt: begun.pairing.nextRetryAt,
          reconnectAttempts: begun.pairing.reconnectAttempts,
        },
      }),
    ]);
    return 'attempted';
  });
};
