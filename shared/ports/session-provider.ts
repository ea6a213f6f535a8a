/** The outside session provider (WAHA-compatible): it holds the person's messaging session. */
export interface NewSession {
  /** The session's name at the provider, which its webhooks carry back. */
  name: string;
  webhookUrl: string;
  /** Signs every webhook body with HMAC-SHA512 (header `X-Webhook-Hmac`). */
  webhookHmacKey: string;
  /** The proxy the session goes out through: `http://user:pass@host:port`. */
  proxyUrl: string;
  /** Names the pairing and the public `seatUid`, and comes back in every event. */
  metadata: Readonly<Record<string, string>>;
}

export interface SessionProvider {
  createSession(session: NewSession): Promise<void>;
  restart(name: string): Promise<void>;
  stop(name: string): Promise<void>;
  logout(name: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** The current QR's raw value, or null when the session is not waiting for one. */
  qr(name: string): Promise<string | null>;
  /** An 8-character pairing code for the phone (digits, no `+`), or null when none can be had now. */
  requestCode(name: string, phoneDigits: string): Promise<string | null>;
  /** The connected account's id (a JID), or null before the session is authenticated. */
  me(name: string): Promise<string | null>;
}
