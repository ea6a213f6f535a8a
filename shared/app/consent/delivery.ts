import {
  advanceDelivery,
  queuedDelivery,
  type ConsentDelivery,
  type DeliveryReport,
} from '../../domain/consent/delivery';
import { ServiceError } from '../../domain/errors';
import { seatOf } from '../../domain/family/account';
import { firstName } from '../../domain/family/dependent';
import type { Seat } from '../../domain/family/seat';
import { accountUidOfSeat } from '../../domain/family/uids';
import { newNotification } from '../../domain/notifications/notification';
import type { DomainEvent, EventSource } from '../../domain/events/event';
import * as z from '../../validation/z';
import type { Deps } from '../deps';
import { sourcedEvent } from '../event-sources';
import { linkToken } from '../link-access';
import { notifyFamily, type NotifyDeps } from '../notifications/notify';
import { retryOnConflict } from '../retry-on-conflict';

/**
 * The consent link's delivery (docs/consent-delivery.md): the API queues a send with the request,
 * a worker makes it, and the provider's answer and status webhooks move the delivery forward. The
 * family sees each step (`consent.delivery`) and is told when the link did not reach the person.
 */

/** One try at sending a delivery, as queued for the worker. */
export const consentSend = z.object({
  seatUid: z.string().check(z.minLength(1)),
  deliveryId: z.string().check(z.minLength(1)),
  attempt: z.int().check(z.gte(1)),
});
export type ConsentSend = z.infer<typeof consentSend>;

/**
 * What every status report of a delivery carries back (`biz_opaque_callback_data`): the seat and
 * the delivery, public ids only, so a report finds its seat with no index of provider message ids.
 */
export const deliveryReference = (seatUid: string, deliveryId: string): string =>
  `consent:${seatUid}:${deliveryId}`;

export const parseDeliveryReference = (reference: string): { seatUid: string; deliveryId: string } | null => {
  const match = /^consent:([^:]+):([^:]+)$/.exec(reference);
  return match?.[1] === undefined || match[2] === undefined
    ? null
    : { seatUid: match[1], deliveryId: match[2] };
};

const withDelivery = (seat: Seat, delivery: ConsentDelivery, now: Date): Seat =>
  seat.consent === null
    ? seat
    : { ...seat, consent: { ...seat.consent, delivery }, updatedAt: now.toISOString() };

/** The family sees each step of the delivery: its status and reason only, never a number or link. */
export const deliveryEvent = (
  deps: Pick<Deps, 'ids' | 'clock'>,
  source: EventSource,
  seat: Seat,
  delivery: ConsentDelivery,
): DomainEvent =>
  sourcedEvent(deps, source, {
    type: 'consent.delivery',
    accountId: seat.accountUid,
    seat: { seatId: seat.seatId, uid: seat.uid },
    payload: { status: delivery.status, failureReason: delivery.failureReason },
    audience: 'guardians',
  });

/** The seat with a new delivery of its current link, queued (the send goes out after it is saved). */
export const queueDelivery = (deps: Pick<Deps, 'ids' | 'clock'>, seat: Seat): Seat =>
  seat.consent === null
    ? seat
    : withDelivery(seat, queuedDelivery(deps.ids.ulid(), deps.clock.now()), deps.clock.now());

/** Hands the saved seat's queued delivery to the worker; if the queue refuses, the guardian sends again. */
export const enqueueSend = async (
  deps: Pick<Deps, 'consentSends'>,
  seat: Seat,
  attempt = 1,
  delaySeconds?: number,
) => {
  const delivery = seat.consent?.delivery;
  if (delivery?.status !== 'queued') return;
  const send: ConsentSend = { seatUid: seat.uid, deliveryId: delivery.deliveryId, attempt };
  try {
    await deps.consentSends.send([
      { body: JSON.stringify(send), ...(delaySeconds === undefined ? {} : { delaySeconds }) },
    ]);
  } catch (error) {
    throw new ServiceError('UNAVAILABLE', {
      message: 'The link was saved but could not be sent; send it again.',
      cause: error,
    });
  }
};

export type DeliveryDeps = Pick<Deps, 'families' | 'ids' | 'clock'> & NotifyDeps;
export type DeliveryOutcome = 'recorded' | 'unchanged' | 'stale';

/**
 * A report on a delivery (the provider's answer, or a status webhook): applied only to the seat's
 * current delivery and only if the transition table allows it, so a late, doubled or older report
 * changes nothing. `failed` tells the family (`consent.undelivered`) in the same transaction.
 */
export const recordDelivery = (
  deps: DeliveryDeps,
  source: EventSource,
  target: { seatUid: string; deliveryId: string },
  report: DeliveryReport,
): Promise<DeliveryOutcome> =>
  retryOnConflict(async () => {
    const family = await deps.families.load(accountUidOfSeat(target.seatUid) ?? '');
    const seat = family === null ? undefined : seatOf(family, target.seatUid);
    const current = seat?.consent?.delivery;
    if (family === null || seat === undefined || current?.deliveryId !== target.deliveryId) return 'stale';
    const next = advanceDelivery(current, report);
    if (next === null) return 'unchanged';
    const now = deps.clock.now();
    const notifications =
      next.status === 'failed'
        ? [newNotification({ id: deps.ids.ulid(), type: 'consent.undelivered', seatUid: seat.uid, now })]
        : [];
    await notifyFamily(deps, family, notifications, (inbox) =>
      deps.families.saveSeat(withDelivery(seat, next, now), [deliveryEvent(deps, source, seat, next)], {
        notifications: inbox,
      }),
    );
    return 'recorded';
  });

export type SendDeps = DeliveryDeps & Pick<Deps, 'hasher' | 'messenger' | 'consentSends' | 'settings'>;
export type SendResult =
  | 'sent'
  | 'failed'
  | 'retrying'
  | 'stale'
  /** The attempt was claimed before (a crash or timeout): it is never made twice. */
  | 'outcome_unknown';

/** The wait before try `attempt` (2 and on): doubling from the first, within SQS's 15 minutes. */
export const backoffSeconds = (settings: { backoffSeconds: number }, attempt: number): number =>
  Math.min(900, settings.backoffSeconds * 2 ** Math.max(0, attempt - 2));

/**
 * The worker's send of one try. The try is claimed on the seat before the provider is called, so
 * a redelivered queue message never sends the link a second time; a refusal Meta marks temporary is
 * tried again later (a new queue message, delayed) until the tries are spent; a permanent one fails
 * the delivery at once.
 */
export const sendConsentLink = async (deps: SendDeps, send: ConsentSend): Promise<SendResult> => {
  const claimed = await retryOnConflict(async () => {
    const family = await deps.families.load(accountUidOfSeat(send.seatUid) ?? '');
    const seat = family === null ? undefined : seatOf(family, send.seatUid);
    const delivery = seat?.consent?.delivery;
    if (seat?.consent == null || delivery?.deliveryId !== send.deliveryId || delivery.status !== 'queued')
      return 'stale' as const;
    if (delivery.attempt >= send.attempt) return 'outcome_unknown' as const;
    const saved = await deps.families.saveSeat(
      withDelivery(seat, { ...delivery, attempt: send.attempt }, deps.clock.now()),
      [],
    );
    return { seat: saved, requestId: seat.consent.requestId };
  });
  if (typeof claimed === 'string') return claimed;
  const { seat, requestId } = claimed;
  const target = { seatUid: send.seatUid, deliveryId: send.deliveryId };
  if (seat.dependent?.phone == null) {
    await recordDelivery(deps, 'workers', target, {
      status: 'failed',
      at: deps.clock.now(),
      failureReason: 'provider_error',
    });
    return 'failed';
  }
  const outcome = await deps.messenger.sendConsentLink({
    to: seat.dependent.phone,
    personFirstName: firstName(seat.dependent.name),
    linkToken: linkToken(deps, requestId),
    reference: deliveryReference(send.seatUid, send.deliveryId),
  });
  const now = deps.clock.now();
  if (outcome.outcome === 'unknown') return 'outcome_unknown';
  if (outcome.outcome === 'accepted') {
    await recordDelivery(deps, 'workers', target, { status: 'sent', at: now, messageId: outcome.messageId });
    return 'sent';
  }
  const next = send.attempt + 1;
  if (outcome.temporary && next <= deps.settings.consentSend.attempts) {
    await enqueueSend(deps, seat, next, backoffSeconds(deps.settings.consentSend, next));
    return 'retrying';
  }
  await recordDelivery(deps, 'workers', target, { status: 'failed', at: now, failureReason: outcome.reason });
  return 'failed';
};
