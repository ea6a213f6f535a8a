import { aesGcmContentSeal } from '../../shared/adapters/crypto/content-seal';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { seatKeysIn } from './seat-keys';
import { seatKeysTableOf } from './table';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import type { AlertRecord, CarryingMessage } from '../../shared/domain/alerts/alert';
import type { SeatKeys } from '../../shared/ports/consent';
import type { FindingCategory } from '../../shared/domain/alerts/finding';
import { alertUidFor } from '../../shared/domain/family/uids';
import type { Seat } from '../../shared/domain/family/seat';
import type { Ids } from '../../shared/ports/ids';

/**
 * An alert of a seat as the worker would have opened it, for tests that seed alerts through the
 * stores (`families.saveSeat(seat with openAlerts, [], { alerts })`).
 */
export const alertOf = (
  ids: Pick<Ids, 'ulid'>,
  seat: Pick<Seat, 'accountUid' | 'uid'>,
  now: Date,
  fields: Partial<AlertRecord> & { category?: FindingCategory; carryingMessages?: CarryingMessage[] } = {},
): AlertRecord => ({
  // A given uid stands (pure tests name theirs); otherwise one of the seat's account.
  uid: fields.uid ?? alertUidFor(seat.accountUid, ids.ulid()),
  seatUid: seat.uid,
  category: 'bullying',
  severity: 'medium',
  status: 'open',
  findingsCount: 1,
  firstFindingAt: now.toISOString(),
  lastFindingAt: now.toISOString(),
  createdAt: now.toISOString(),
  decidedAt: null,
  decidedBy: null,
  source: 'live',
  carryingMessages: [],
  ...fields,
});

/** The seat with these alerts: the open ones on its item, the decided ones counted. */
export const seatWithAlerts = (seat: Seat, alerts: readonly AlertRecord[]): Seat => ({
  ...seat,
  openAlerts: [...seat.openAlerts, ...alerts.filter((alert) => alert.status === 'open')],
  decidedAlerts: {
    resolved: seat.decidedAlerts.resolved + alerts.filter((alert) => alert.status === 'resolved').length,
    dismissed: seat.decidedAlerts.dismissed + alerts.filter((alert) => alert.status === 'dismissed').length,
  },
});

/** A message carrying an alert's finding, as the seat's person (`fromMe`) or a contact sent it. */
export interface SeededMessage {
  text: string;
  fromMe?: boolean;
}

/**
 * Alerts seeded through the stores as the worker leaves them: each carrying messages sealed with
 * the seat's own key and kept in its message partition; the seat holds the open ones and counts
 * the decided ones. Answers the alerts, oldest first.
 */
export const seedAlerts = async (
  table: TableAccess,
  seatKeys: SeatKeys,
  ids: Pick<Ids, 'ulid'>,
  where: { accountUid: string; seatUid: string },
  specs: readonly (Partial<AlertRecord> & { messages?: readonly SeededMessage[] })[],
  now = new Date(),
): Promise<AlertRecord[]> => {
  const families = dynamoFamilyStore(table);
  const store = dynamoMessageStore(table);
  const family = await families.load(where.accountUid);
  const seat = family?.seats.find((one) => one.uid === where.seatUid);
  if (seat === undefined) throw new Error('no such seat');
  const alerts: AlertRecord[] = [];
  let opened: Promise<Uint8Array> | undefined;
  for (const { messages = [], ...fields } of specs) {
    const carrying: CarryingMessage[] = [];
    for (const [index, message] of messages.entries()) {
      const dataKey = await (opened ??= seatKeysIn(table, seatKeysTableOf(table), seatKeys).open(seat));
      const messageId = `msg-${ids.ulid()}`;
      const sentAt = new Date(now.getTime() - (messages.length - index) * 1000).toISOString();
      await store.putIfAbsent(
        {
          seatId: seat.seatId,
          messageId,
          chat: 'chat-hash',
          fromMe: message.fromMe ?? false,
          sentAt,
          sealed: aesGcmContentSeal.seal(dataKey, { seatId: seat.seatId, messageId }, message.text),
        },
        Math.floor(now.getTime() / 1000) + 86_400,
      );
      carrying.push({ messageId, sentAt });
    }
    alerts.push(alertOf(ids, seat, now, { ...fields, carryingMessages: carrying }));
  }
  await families.saveSeat(seatWithAlerts(seat, alerts), [], {
    alerts: alerts.map((alert) => ({ alert, before: null })),
  });
  return alerts;
};
