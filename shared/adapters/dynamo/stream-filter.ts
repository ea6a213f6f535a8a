import { eventAudiences, type DomainEvent } from '../../domain/events/event';
import * as z from '../../validation/z';
import { matchesFilter, type FilterPattern } from '../lambda/event-filter';
import { itemTypes } from './keys';

/**
 * The table stream reaches the fan-out only for event items: the pattern is the stream row's filter
 * in the consumers table, which the event source applies in AWS and the local stream poller locally.
 */
export const eventItemsPattern = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: [itemTypes.event] } } },
} as const satisfies FilterPattern;

const streamRecord = z.looseObject({
  dynamodb: z.optional(
    z.looseObject({
      NewImage: z.optional(
        z.looseObject({
          id: z.optional(z.object({ S: z.string() })),
          accountId: z.optional(z.object({ S: z.string() })),
          seatId: z.optional(z.union([z.object({ S: z.string() }), z.object({ NULL: z.literal(true) })])),
          audience: z.optional(z.object({ S: z.enum(eventAudiences) })),
        }),
      ),
    }),
  ),
});

/**
 * The stream reaches the content shredding only where a seat's data key was destroyed: the seat
 * item named a key before the write and names none after it (null, or the item is gone). The key's
 * wrapped copy went in the same transaction, from the seat keys' table.
 */
export const keyDestroyedPattern = {
  dynamodb: {
    OldImage: { type: { S: [itemTypes.seat] }, dataKeyId: { S: [{ exists: true }] } },
    NewImage: { dataKeyId: { S: [{ exists: false }] } },
  },
} as const satisfies FilterPattern;

const seatRecord = z.looseObject({
  dynamodb: z.looseObject({
    OldImage: z.looseObject({ seatId: z.object({ S: z.string() }) }),
  }),
});

/** The internal id of the seat whose key a stream record destroyed, or null for any other record. */
export const seatOfDestroyedKey = (record: unknown): string | null => {
  if (!matchesFilter(keyDestroyedPattern, record)) return null;
  const parsed = seatRecord.safeParse(record);
  return parsed.success ? parsed.data.dynamodb.OldImage.seatId.S : null;
};

/** Whether a stream record passes the event items' filter. */
export const isEventInsert = (record: unknown): boolean => matchesFilter(eventItemsPattern, record);

/** The id, account, seat and audience of an event item's stream record, or null for anything else. */
export const eventOfRecord = (
  record: unknown,
): Pick<DomainEvent, 'id' | 'accountId' | 'seatId' | 'audience'> | null => {
  const parsed = streamRecord.safeParse(record);
  const image = parsed.success ? parsed.data.dynamodb?.NewImage : undefined;
  if (!isEventInsert(record) || image?.accountId === undefined || image.id === undefined) return null;
  const seat = image.seatId;
  return {
    id: image.id.S,
    accountId: image.accountId.S,
    seatId: seat !== undefined && 'S' in seat ? seat.S : null,
    ...(image.audience === undefined ? {} : { audience: image.audience.S }),
  };
};

const countedRecord = z.looseObject({
  dynamodb: z.looseObject({
    NewImage: z.looseObject({
      eventType: z.object({ S: z.string() }),
      payload: z.optional(
        z.looseObject({ M: z.looseObject({ status: z.optional(z.object({ S: z.string() })) }) }),
      ),
    }),
  }),
});

/**
 * An event item's type and payload status (what the business metrics count, docs/operations.md), or
 * null for anything else; nothing more of the payload is read.
 */
export const countedEventOfRecord = (record: unknown): Pick<DomainEvent, 'type' | 'payload'> | null => {
  const parsed = countedRecord.safeParse(record);
  if (!isEventInsert(record) || !parsed.success) return null;
  const { eventType, payload } = parsed.data.dynamodb.NewImage;
  const status = payload?.M.status?.S;
  return { type: eventType.S, payload: status === undefined ? {} : { status } };
};
