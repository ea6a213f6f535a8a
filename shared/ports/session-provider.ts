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
  /** The person confirmed that the number on their phone matches (`PASSKEY_CONFIRMATION_REQUIRED`). */
  confirmPasskey(name: string): Promise<void>;
  /** The connected account's own profile photo, or null when it has none. Never a contact's. */
  profilePicture(name: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
}
