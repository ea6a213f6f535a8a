import * as z from 'zod';
import { itemTypes } from './keys';

/**
 * The table stream reaches the fan-out only for event items: the event source's filter in AWS
 * (CDK reads this pattern) and the local stream poller (which applies the same test) agree.
 */
export const eventItemsPattern = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: [itemTypes.event] } } },
} as const;

const streamRecord = z
  .object({
    eventName: z.string().optional(),
    dynamodb: z
      .object({
        NewImage: z
          .object({
            type: z.object({ S: z.string() }).optional(),
            id: z.object({ S: z.string() }).optional(),
            accountId: z.object({ S: z.string() }).optional(),
            seatId: z.union([z.object({ S: z.string() }), z.object({ NULL: z.literal(true) })]).optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

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
