import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import {
  accountToItem,
  connectionToItem,
  eventToItem,
  memberToItem,
  seatToItem,
  subscriptionToItem,
  userToItem,
} from '../../shared/adapters/dynamo/items';
import type { Ids } from '../../shared/ports/ids';
import { connectionOf } from '../../shared/domain/operators/connection';
import { seatUidFor } from '../../shared/domain/family/uids';
import type { Seat } from '../../shared/domain/family/seat';
import type { DomainEvent } from '../../shared/domain/events/event';
import { protectedSeatAt } from '../support/seat-states';

/**
 * The backoffice benchmark's data, written straight through the stores' item mappers with
 * BatchWriteItem (25 items a call, several calls at once): families of `seatsPerFamily` protected,
 * paired seats (account, owner, user, subscription, seats, their connection rows) and
 * `eventsPerSeat` timeline events per seat, spread over the last days so every list has depth.
 */
const timelineTypes = [
  'consent.requested',
  'consent.given',
  'pairing.status',
  'provider.failed',
  'trial.started',
];

export const seedBackoffice = async (
  table: TableAccess,
  ids: Ids,
  shape: { seats: number; seatsPerFamily: number; eventsPerSeat: number; now: Date; parallel?: number },
): Promise<{ items: number; seatUids: string[] }> => {
  const pending: Record<string, unknown>[][] = [];
  let batch: Record<string, unknown>[] = [];
  let items = 0;
  const add = (item: Record<string, unknown>) => {
    batch.push(item);
    items += 1;
    if (batch.length === 25) {
      pending.push(batch);
      batch = [];
    }
  };
  const template = protectedSeatAt(shape.now);
  const seatUids: string[] = [];
  const families = Math.ceil(shape.seats / shape.seatsPerFamily);
  const spreadMs = 30 * 86_400_000;
  for (let family = 0; family < families; family += 1) {
    const createdAt = new Date(shape.now.getTime() - spreadMs + (family * spreadMs) / families).toISOString();
    const accountUid = ids.uid('acc');
    const userUid = ids.uid('usr');
    const email = `bench-${family}@example.com`;
    add(accountToItem({ uid: accountUid, name: `Família ${family}`, createdAt, version: 1 }));
    add(userToItem({ uid: userUid, email, name: null, phone: null, document: null, createdAt, version: 1 }));
    add(
      memberToItem(
        { accountUid, userUid, role: 'owner', relationship: null, email, joinedAt: createdAt, version: 1 },
        `Família ${family}`,
      ),
    );
    add(
      subscriptionToItem(accountUid, {
        status: 'trialing',
        interval: 'monthly',
        campaignCode: null,
        trialEndsAt: null,
        createdAt,
        version: 1,
      }),
    );
    for (let n = 0; n < shape.seatsPerFamily && seatUids.length < shape.seats; n += 1) {
      const uid = seatUidFor(accountUid, ids.randomPart(16));
      const seat: Seat = {
        ...template,
        uid,
        seatId: ids.ulid(),
        accountUid,
        createdAt,
        consent: template.consent === null ? null : { ...template.consent, createdAt },
        pairing:
          template.pairing === null
            ? null
            : {
                ...template.pairing,
                startedAt: createdAt,
                sessionName: `pairing_${ids.ulid().toLowerCase()}`,
              },
        version: 1,
      };
      seatUids.push(uid);
      add(seatToItem(seat));
      const connection = connectionOf(seat);
      if (connection !== null) add(connectionToItem(connection));
      for (let e = 0; e < shape.eventsPerSeat; e += 1) {
        const event: DomainEvent = {
          id: ids.ulid(),
          type: timelineTypes[e % timelineTypes.length] as string,
          accountId: accountUid,
          seatId: seat.seatId,
          seatUid: uid,
          source: 'api',
          payload: {},
          occurredAt: new Date(Date.parse(createdAt) + e * 60_000).toISOString(),
          audience: 'guardians',
        };
        add(eventToItem(event));
      }
    }
  }
  if (batch.length > 0) pending.push(batch);

  const write = async (requests: Record<string, unknown>[]) => {
    let left = requests.map((Item) => ({ PutRequest: { Item } }));
    while (left.length > 0) {
      const { UnprocessedItems } = await table.doc.send(
        new BatchWriteCommand({ RequestItems: { [table.tableName]: left } }),
      );
      left = (UnprocessedItems?.[table.tableName] ?? []) as typeof left;
    }
  };
  const workers = Array.from({ length: shape.parallel ?? 8 }, async () => {
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) await write(next);
  });
  await Promise.all(workers);
  return { items, seatUids };
};
