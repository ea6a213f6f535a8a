import { minimalExcerpt, type Excerpt } from '../../domain/alerts/excerpt';
import { fail } from '../../domain/errors';
import type { Caller, Deps } from '../deps';
import { enforceRateLimits } from '../rate-limits';
import { openDataKey } from '../seats/data-keys';
import { alertFor } from './alerts';

export type ExcerptDeps = Pick<
  Deps,
  | 'families'
  | 'alerts'
  | 'messages'
  | 'seatKeys'
  | 'wrappedKeys'
  | 'contentSeal'
  | 'rateLimiter'
  | 'clock'
  | 'ids'
  | 'settings'
  | 'metrics'
>;

/**
 * `POST /alerts/{uid}/excerpt`: the minimal excerpt of an alert, opened in memory with its seat's key.
 * The guardian's budget is counted before anything is looked up; every read is written to the
 * operators' audit trail and to the person's counter (never the text) before the text is answered.
 */
export const readAlertExcerpt = async (
  deps: ExcerptDeps,
  caller: Caller,
  alertUid: string,
): Promise<Excerpt> => {
  await enforceRateLimits(deps.rateLimiter, [
    { rule: 'excerpt', identifier: caller.userUid, limit: deps.settings.rates.excerptPerGuardian },
  ]);
  const { member, alert, seat } = await alertFor(deps, caller, alertUid);
  if (seat === undefined || seat.dataKeyId === null) throw fail('SEAT_KEY_GONE');
  const messageIds = alert.carryingMessages.map((message) => message.messageId);
  const kept = await deps.messages.byIds(seat.seatId, messageIds);
  // Past retention: nothing to open, so the key is not asked for.
  if (kept.length === 0) throw fail('EXCERPT_GONE');
  const dataKey = await openDataKey(deps, seat);
  const opened = kept.map((message) => ({
    messageId: message.messageId,
    fromMe: message.fromMe,
    sentAt: message.sentAt,
    text: deps.contentSeal.open(
      dataKey,
      { seatId: seat.seatId, messageId: message.messageId },
      message.sealed,
    ),
  }));
  const excerpt = minimalExcerpt(alert.uid, messageIds, opened);
  await deps.alerts.recordExcerptRead({
    entryId: deps.ids.ulid(),
    accountUid: seat.accountUid,
    seatUid: seat.uid,
    alertUid: alert.uid,
    viewerUid: member.userUid,
    at: deps.clock.now(),
  });
  deps.metrics.count('ExcerptReads');
  return excerpt;
};
