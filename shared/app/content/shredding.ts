import type { MessageStore } from '../../ports/messages';

/**
 * Crypto-shredding's second half: once a seat's data key is destroyed (the person stopped, or the
 * seat was archived), nothing it sealed can be opened again, and its sealed messages and their
 * findings are deleted too (the content TTL is the backstop). Deleting what is left is all a retry
 * does, so a redelivered record changes nothing more.
 */
export const shredSeatContent = async (
  deps: { messages: MessageStore },
  seatId: string,
): Promise<{ seatId: string; deleted: number }> => ({
  seatId,
  deleted: await deps.messages.deleteAllOfSeat(seatId),
});
