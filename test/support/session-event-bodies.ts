import type { Seat } from '../../shared/domain/family/seat';

/** An event of the seat's session, with the metadata its pairing gave the session (echoed by the provider). */
export const sessionEvent = (seat: Seat, fields: Record<string, unknown>) =>
  JSON.stringify({ session: seat.pairing?.sessionName, metadata: { seatUid: seat.uid }, ...fields });

/** The session's `WORKING` as the person's own number (+55 11 98765-4321): it pairs a seat linking. */
export const working = (seat: Seat, id: string) =>
  sessionEvent(seat, {
    id,
    event: 'session.status',
    me: { id: '5511987654321@c.us' },
    payload: { status: 'WORKING' },
  });
