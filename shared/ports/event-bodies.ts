/**
 * Where a verified webhook body too large for a queue message waits for its worker, named by a key
 * the queue message carries. The bytes are kept exactly; they are content and never logged.
 */
export interface EventBodyStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when they are gone (already handled and removed, or expired). */
  get(key: string): Promise<Uint8Array | null>;
  /** Once the event is handled; removing what is gone is harmless. */
  remove(key: string): Promise<void>;
}
