import { ServiceError } from '../domain/errors';

/**
 * A message text sealed with its seat's data key. The ciphertext carries the authentication tag at
 * its end; the IV is random per seal, never reused under one key.
 */
export interface SealedText {
  iv: Uint8Array;
  ciphertext: Uint8Array;
}

/**
 * What a sealed text is bound to (authenticated, not stored inside it): a ciphertext copied to another
 * seat or another message does not open. `messageId` is the message's id as the service keeps it at
 * rest (a keyed hash of the provider's id, which holds phone numbers).
 */
export interface SealBinding {
  seatId: string;
  messageId: string;
}

/** Seals and opens message texts under a seat's plaintext data key (held in memory only). */
export interface ContentSeal {
  seal(dataKey: Uint8Array, binding: SealBinding, text: string): SealedText;
  /** The text, or `SealBroken` when the key, the binding or the ciphertext is not the sealed one. */
  open(dataKey: Uint8Array, binding: SealBinding, sealed: SealedText): string;
}

/**
 * A sealed text that does not open: a wrong key, a wrong seat or message, or altered bytes. Never
 * the person's fault and never a client's: an internal failure that names no content.
 */
export class SealBroken extends ServiceError {
  constructor(cause?: unknown) {
    super('INTERNAL', { message: 'A sealed message did not open.', cause });
  }
}
