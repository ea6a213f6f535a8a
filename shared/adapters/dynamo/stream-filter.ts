import * as z from '../../validation/z';
import { itemTypes } from './keys';

/**
 * The table stream reaches the fan-out only for event items: the event source's filter in AWS
 * (CDK reads this pattern) and the local stream poller (which applies the same test) agree.
 */
export const eventItemsPattern = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: [itemTypes.event] } } },
} as const;

const streamRecord = z.looseObject({
  eventName: z.optional(z.string()),
  dynamodb: z.optional(
    z.looseObject({
      NewImage: z.optional(
        z.looseObject({
          type: z.optional(z.object({ S: z.string() })),
          id: z.optional(z.object({ S: z.string() })),
          accountId: z.optional(z.object({ S: z.string() })),
          seatId: z.optional(z.union([z.object({ S: z.string() }), z.object({ NULL: z.literal(true) })])),
        }),
      ),
    }),
  ),
});

/** Whether a stream record passes the filter above. */
export const isEventInsert = (record: unknown): boolean => {
  const parsed = streamRecord.safeParse(record);
  return (
    parsed.success &&
    parsed.data.eventName === 'INSERT' &&
    parsed.data.dynamodb?.NewImage?.type?.S === itemTypes.event
  );
};

/** The id, account and seat of an event item's stream record, or null for anything else. */
export const eventOfRecord = (
  record: unknown,
): { id: string; accountId: string; seatId: string | null } | null => {
  const parsed = streamRecord.safeParse(record);
  const image = parsed.success ? parsed.data.dynamodb?.NewImage : undefined;
  if (!isEventInsert(record) || image?.accountId === undefined || image.id === undefined) return null;
  const seat = image.seatId;
  return {
    id: image.id.S,
    accountId: image.accountId.S,
    seatId: seat !== undefined && 'S' in seat ? seat.S : null,
  };
};
