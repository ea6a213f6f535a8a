import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesGcmContentSeal as seal } from '../../../shared/adapters/crypto/content-seal';
import { SealBroken } from '../../../shared/ports/content-seal';

const key = new Uint8Array(randomBytes(32));
const binding = { seatId: 'seat-a', messageId: 'msg-1' };

describe('the content seal', () => {
  it.each([
    ['plain text', 'oi, tudo bem?'],
    ['emoji and accents', 'olá 👋🏽 ção 👨‍👩‍👧 — “aspas”'],
    ['noncharacters a queue refuses', '\uFFFE\uFFFF\u0000\u0008 end'],
    ['a lone surrogate', 'broken \uD83D pair'],
    ['the messaging app’s longest body', '🙂x'.repeat(65_536 / 3).padEnd(65_536, 'ã')],
    ['the empty text', ''],
  ])('opens %s back exactly', (_, text) => {
    expect(seal.open(key, binding, seal.seal(key, binding, text))).toBe(text);
  });

  it('never repeats an IV and never shows the text', () => {
    const text = 'marker-zyxwvu';
    const first = seal.seal(key, binding, text);
    const second = seal.seal(key, binding, text);
    expect(first.iv).toHaveLength(12);
    expect(Buffer.from(first.iv).equals(Buffer.from(second.iv))).toBe(false);
    expect(Buffer.from(first.ciphertext).includes(Buffer.from(text, 'utf16le'))).toBe(false);
    expect(Buffer.from(first.ciphertext).includes(Buffer.from(text, 'utf8'))).toBe(false);
  });

  const sealed = seal.seal(key, binding, 'secret');
  const flipped = (bytes: Uint8Array, at: number) => {
    const copy = new Uint8Array(bytes);
    copy[at] = copy[at]! ^ 1;
    return copy;
  };

  it.each([
    [
      'an altered ciphertext byte',
      () => seal.open(key, binding, { ...sealed, ciphertext: flipped(sealed.ciphertext, 0) }),
    ],
    [
      'an altered tag',
      () =>
        seal.open(key, binding, {
          ...sealed,
          ciphertext: flipped(sealed.ciphertext, sealed.ciphertext.length - 1),
        }),
    ],
    ['an altered IV', () => seal.open(key, binding, { ...sealed, iv: flipped(sealed.iv, 3) })],
    [
      'a truncated ciphertext',
      () => seal.open(key, binding, { ...sealed, ciphertext: sealed.ciphertext.subarray(0, 10) }),
    ],
    ['another seat', () => seal.open(key, { ...binding, seatId: 'seat-b' }, sealed)],
    ['another message', () => seal.open(key, { ...binding, messageId: 'msg-2' }, sealed)],
    ['ids joined differently', () => seal.open(key, { seatId: 'seat-amsg-1', messageId: '' }, sealed)],
    ['another key', () => seal.open(new Uint8Array(randomBytes(32)), binding, sealed)],
    ['a key of the wrong size', () => seal.open(key.subarray(0, 16), binding, sealed)],
  ])('refuses %s with SealBroken', (_, open) => {
    expect(open).toThrow(SealBroken);
  });

  it('names no content in its error', () => {
    const error = (() => {
      try {
        seal.open(key, { ...binding, seatId: 'seat-b' }, sealed);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(SealBroken);
    expect(JSON.stringify(error)).not.toContain('secret');
    expect((error as SealBroken).code).toBe('INTERNAL');
  });
});
