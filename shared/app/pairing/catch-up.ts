import * as z from '../../validation/z';
import { onFirstUse } from '../../validation/z';
import type { Pairing } from '../../domain/pairing/pairing';
import type { OutgoingMessage } from '../../ports/queue';
import type { SessionEventEnvelope } from '../../ports/session-provider';

/**
 * The provider reports a new session's first statuses (`STARTING`, then `SCAN_QR_CODE`) as soon as
 * the session is created, which can be before the pairing that names it is saved: the worker then
 * finds no owner and drops them, and the challenge would wait for the QR's next rotation (up to a
 * minute). Once the pairing is saved, its start puts this event in the session's own queue group;
 * handled in order with the provider's events, the worker asks the provider for the session's status
 * and decides on it as on a report, so a code is asked for once (one already given stays until it
 * expires).
 */
export const catchUpEvent = 'pairing.catch_up';

/** The catch-up of a saved pairing's session, once per pairing. */
export const catchUpMessage = (pairing: Pairing, seatUid: string): OutgoingMessage => ({
  body: JSON.stringify({
    event: catchUpEvent,
    session: pairing.sessionName,
    metadata: { seatUid },
    payload: {},
  }),
  groupId: pairing.sessionName,
  deduplicationId: `catch-up-${pairing.pairingId}`,
});

/** A catch-up as the worker reads it: the session, and the seat whose pairing started it. */
export interface CatchUp {
  kind: 'catch_up';
  envelope: SessionEventEnvelope;
}

/** Its body as `catchUpMessage` writes it, the provider's envelope's shape, so it is logged alike. */
const catchUpBody = onFirstUse(() =>
  z.object({
    event: z.literal(catchUpEvent),
    session: z.string(),
    metadata: z.object({ seatUid: z.string() }),
    payload: z.object({}),
  }),
);

/** The catch-up a queued body is, or null when it is none (then it is the provider's own event). */
export const readCatchUp = (body: string): CatchUp | null => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const read = catchUpBody.safeParse(json);
  if (!read.success) return null;
  const { event, session, metadata } = read.data;
  return { kind: 'catch_up', envelope: { id: null, event, session, seatUid: metadata.seatUid } };
};
