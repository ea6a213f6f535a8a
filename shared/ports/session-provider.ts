import type { ProviderStatus } from '../domain/pairing/pairing';
import type { ReportedMessage } from '../domain/pairing/provider-message';

/**
 * The outside session provider (WAHA-compatible): it holds the person's messaging session. Every
 * session sends its events to the gateway, signed with HMAC-SHA512 (the adapter is configured with both).
 */
export interface NewSession {
  /** The session's name at the provider, which its webhooks carry back. */
  name: string;
  /** The proxy the session goes out through: `http://user:pass@host:port`. */
  proxyUrl: string;
  /** Names the pairing and the public `seatUid`, and comes back in every event. */
  metadata: Readonly<Record<string, string>>;
}

/**
 * A QR or pairing code asked of the provider: the value, or `not_running` when the session is not
 * waiting for a link (WAHA answers 422 outside `SCAN_QR_CODE`, with the status it is in; 404 when
 * the session is gone: status null). The challenge then follows the provider's next status.
 */
export type LinkChallenge =
  { kind: 'ready'; value: string } | { kind: 'not_running'; providerStatus: string | null };

/** A chat of the session's history (its id names a person or a group: never kept in clear). */
export interface ProviderChat {
  id: string;
}

/** A page of a paged list: `limit` items from `offset`. */
export interface ProviderPage {
  limit: number;
  offset: number;
}

/**
 * A message of a chat's history, whatever it holds: `text` is null when it has none (a sticker, a
 * voice note, media without a caption, an empty body), so it is counted but never analysed;
 * `timestamp` (seconds) is null when the provider has none (GOWS: a zero time).
 */
export interface HistoryMessage {
  id: string;
  chat: string;
  fromMe: boolean;
  timestamp: number | null;
  text: string | null;
}

/** The provider answered a call with a status the call does not accept (its status, never its body). */
export class ProviderRefused extends Error {
  constructor(readonly status: number) {
    super(`session provider answered ${status}`);
    this.name = 'ProviderRefused';
  }
}

export interface SessionProvider {
  /** Creates the session started; a session of that name already there is taken over (a retry). */
  createSession(session: NewSession): Promise<void>;
  restart(name: string): Promise<void>;
  /**
   * Puts a session on another proxy: its whole configuration again (the same metadata and
   * webhooks) with the new address. The provider restarts a running session to take it (WAHA's
   * update: `STOPPED`, `STARTING`, then `WORKING` or `SCAN_QR_CODE`), so no restart is asked: a
   * second one would report a second `STOPPED`. The caller expects that one restart
   * (`expectRestart`).
   */
  changeProxy(session: NewSession): Promise<void>;
  /** The session's status at the provider (`WORKING`, `STARTING`, ...), or null when it is gone. */
  status(name: string): Promise<string | null>;
  stop(name: string): Promise<void>;
  logout(name: string): Promise<void>;
  /** Deletes the session: done when the provider confirms (a 2xx) or has none by that name (404). */
  remove(name: string): Promise<void>;
  /** The current QR's raw value. */
  qr(name: string): Promise<LinkChallenge>;
  /** An 8-character pairing code for the phone (digits, no `+`). */
  requestCode(name: string, phoneDigits: string): Promise<LinkChallenge>;
  /** The connected account's id (a JID), or null before the session is authenticated. */
  me(name: string): Promise<string | null>;
  /** The person confirmed that the number on their phone matches (`PASSKEY_CONFIRMATION_REQUIRED`). */
  confirmPasskey(name: string): Promise<void>;
  /** The connected account's own profile photo, or null when it has none. Never a contact's. */
  profilePicture(name: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  /** One page of the session's chats, every kind (status and channels included), in a stable order. */
  chats(name: string, page: ProviderPage): Promise<ProviderChat[]>;
  /**
   * One page of a chat's messages sent from `since` to `until` (both included), oldest first, media
   * not downloaded. The provider may answer fewer than `limit` with more after them (it drops
   * reactions and edits after slicing the page): only an empty page is the end.
   */
  chatMessages(
    name: string,
    chatId: string,
    page: ProviderPage & { since: Date; until: Date },
  ): Promise<HistoryMessage[]>;
}

/**
 * What every event of a session says about where it comes from: what the gateway routes by (the
 * session, the event's id) and what the worker finds the seat by.
 */
export interface SessionEventEnvelope {
  /** The provider's id of the event (the same in each retry of it); null when it sends none. */
  id: string | null;
  /** The provider's name of the event (`session.status`, `message.any`, …): logged, never parsed further. */
  event: string;
  /** The session's name at the provider: the queue keeps each session's events in order. */
  session: string;
  /** The seat the session's metadata names (the pairing gave it; the provider echoes it, signed). */
  seatUid: string | null;
}

/**
 * The account a session is linked to, as far as the event says: each id may be unknown (before the
 * link, older engines, an early report), which is never a reason to refuse the event.
 */
export interface ConnectedAccount {
  /** The account's id (`5511…@c.us`). */
  id: string | null;
  /** Its hidden id (`…@lid`). */
  lid: string | null;
  /** Its device's id (`5511…:14@s.whatsapp.net`). */
  jid: string | null;
}

/** A session's status changed (or was reported again: the provider repeats `SCAN_QR_CODE` at each QR). */
export interface SessionStatusEvent {
  kind: 'status';
  envelope: SessionEventEnvelope;
  status: ProviderStatus;
  /** The number to compare on the phone, with `PASSKEY_CONFIRMATION_REQUIRED`. */
  code: string | null;
  me: ConnectedAccount | null;
  /** When the provider made the report (ISO 8601); null when it does not say (older providers). */
  reportedAt: string | null;
}

/** A message of the session: incoming, or (from the events that carry them) the person's own. */
export interface SessionMessageEvent {
  kind: 'message';
  envelope: SessionEventEnvelope;
  message: ReportedMessage;
  me: ConnectedAccount | null;
}

/** The events of a session the service reads. */
export type SessionEvent = SessionStatusEvent | SessionMessageEvent;

/**
 * A body the service does not read, and why: not JSON; no envelope (`{ event, session, payload }`,
 * which the gateway refuses); an event the service does not subscribe to; an envelope or payload
 * not as the provider's document says (a status the service does not know, a message without its
 * id). One that has its envelope is still routed, so the worker counts it.
 */
export type UnusableSessionEvent =
  | { kind: 'unusable'; reason: 'not_json' | 'no_envelope'; envelope: null }
  | { kind: 'unusable'; reason: 'not_subscribed' | 'malformed'; envelope: SessionEventEnvelope };

/**
 * The session provider's webhook body, read once, by its adapter: the gateway routes by its
 * envelope, the worker hands it to the capability it concerns. Never throws.
 */
export type ReadSessionEvent = (body: string) => SessionEvent | UnusableSessionEvent;
