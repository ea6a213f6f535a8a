import * as z from '../../validation/z';
import { providerStatuses } from '../../domain/pairing/pairing';
import type {
  ConnectedAccount,
  ReadSessionEvent,
  SessionEvent,
  SessionEventEnvelope,
  UnusableSessionEvent,
} from '../../ports/session-provider';

/**
 * WAHA's webhook bodies (its document: test/fixtures/providers/waha-openapi-*.subset.json, and the
 * fixtures beside it), read here and nowhere else.
 *
 * The envelope `{ id, event, session, payload }` is what makes a body an event: the gateway routes
 * by it. Older providers may leave out `id`; then the gateway de-duplicates by the body's hash.
 */
const envelope = z.looseObject({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  event: z.string().check(z.minLength(1), z.maxLength(100)),
  session: z.string().check(z.minLength(1), z.maxLength(200)),
  payload: z.record(z.string(), z.unknown()),
});

const ownId = z.catch(z.optional(z.nullable(z.string())), null);
/**
 * The account the session is linked to, as far as WAHA says: `null` before it is authenticated, and
 * any part of it may be missing (older engines, a `WORKING` sent before the engine knows it). What it
 * lacks is unknown (the provider is asked), never a reason to refuse.
 */
const me = z.catch(z.nullable(z.looseObject({ id: ownId, lid: ownId, jid: ownId })), null);
/** What the envelope carries beside the routing: read by the worker, each part as WAHA sends it. */
const context = z.looseObject({
  /** What the pairing gave the session when it was created; WAHA echoes it in every event. */
  metadata: z.optional(z.nullable(z.looseObject({ seatUid: z.optional(z.string()) }))),
  me: z.optional(me),
  /** When WAHA made the event (ms); older providers may leave it out. */
  timestamp: z.optional(z.number()),
});

const statusPayload = z.looseObject({
  status: z.enum(providerStatuses),
  data: z.optional(z.nullable(z.looseObject({ code: z.optional(z.string()) }))),
});

const providerId = z.nullable(z.optional(z.string().check(z.maxLength(500))));
const messagePayload = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(500)),
  timestamp: z.number(),
  from: providerId,
  to: providerId,
  fromMe: z.boolean(),
  body: z.nullable(z.optional(z.string())),
});

/**
 * The events the service reads: status changes, and messages. `message` carries the incoming ones;
 * `message.any` every one, the person's own included (the session subscribes to it alone: `waha.ts`);
 * a session created before still sends both.
 */
const messageEvents: readonly string[] = ['message', 'message.any'];

/** The instant of a time in milliseconds, or null for one no date holds (a provider's nonsense). */
const instantOf = (ms: number): string | null => {
  const at = new Date(ms);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};

const accountOf = (connected: z.infer<typeof me> | undefined): ConnectedAccount | null =>
  connected == null
    ? null
    : { id: connected.id ?? null, lid: connected.lid ?? null, jid: connected.jid ?? null };

const unusable = (
  reason: 'not_subscribed' | 'malformed',
  routed: SessionEventEnvelope,
): UnusableSessionEvent => ({ kind: 'unusable', reason, envelope: routed });

/** The event a body of WAHA's webhook holds, or why the service does not read it. */
export const readWahaEvent: ReadSessionEvent = (body) => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { kind: 'unusable', reason: 'not_json', envelope: null };
  }
  const routing = envelope.safeParse(json);
  if (!routing.success) return { kind: 'unusable', reason: 'no_envelope', envelope: null };
  const { id, event, session, payload } = routing.data;
  const read = context.safeParse(json);
  const routed: SessionEventEnvelope = {
    id: id ?? null,
    event,
    session,
    seatUid: (read.success ? read.data.metadata?.seatUid : undefined) ?? null,
  };
  if (!read.success) return unusable('malformed', routed);
  const connected = accountOf(read.data.me);

  if (event === 'session.status') {
    const status = statusPayload.safeParse(payload);
    const reportedAt = read.data.timestamp === undefined ? null : instantOf(read.data.timestamp);
    if (!status.success || (read.data.timestamp !== undefined && reportedAt === null))
      return unusable('malformed', routed);
    return {
      kind: 'status',
      envelope: routed,
      status: status.data.status,
      code: status.data.data?.code ?? null,
      me: connected,
      reportedAt,
    } satisfies SessionEvent;
  }
  if (messageEvents.includes(event)) {
    const message = messagePayload.safeParse(payload);
    if (!message.success || instantOf(message.data.timestamp * 1000) === null)
      return unusable('malformed', routed);
    const { from = null, to = null, body: text = null } = message.data;
    return {
      kind: 'message',
      envelope: routed,
      message: {
        id: message.data.id,
        timestamp: message.data.timestamp,
        from,
        to,
        fromMe: message.data.fromMe,
        body: text,
      },
      me: connected,
    } satisfies SessionEvent;
  }
  return unusable('not_subscribed', routed);
};
