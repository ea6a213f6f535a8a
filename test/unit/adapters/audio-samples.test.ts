import { describe, expect, it } from 'vitest';
import { decodeWav } from '../../../shared/adapters/evidence/audio-samples';
import { localSpeechListener } from '../../../shared/adapters/evidence/local-speech-listener';
import { UnreadableEvidence } from '../../../shared/ports/evidence';
import { wavOf, wavWith } from '../../support/audio';

/** A stereo WAV of the given 16-bit frames, `[left, right]` each. */
const stereo = (frames: [number, number][]) => {
  const wav = Buffer.from(wavWith({ channels: 2, dataBytes: frames.length * 4 }));
  frames.forEach(([left, right], i) => {
    wav.writeInt16LE(left, 44 + i * 4);
    wav.writeInt16LE(right, 46 + i * 4);
  });
  return new Uint8Array(wav);
};

describe('decoding a WAV', () => {
  it('reads 16-bit mono as it was written, and mixes stereo down to mono', () => {
    const decoded = decodeWav(wavOf(new Float32Array([0, 0.5, -0.5])));
    expect(decoded.sampleRate).toBe(16_000);
    expect([...decoded.mono].map((sample) => Math.round(sample * 100) / 100)).toEqual([0, 0.5, -0.5]);
    expect([
      ...decodeWav(
        stereo([
          [16_384, 0],
          [-16_384, -16_384],
        ]),
      ).mono,
    ]).toEqual([0.25, -0.5]);
  });

  it('refuses a header declaring no channel before reading a sample, at once', () => {
    const started = performance.now();
    expect(() => decodeWav(wavWith({ channels: 0, dataBytes: 16 }))).toThrow();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses a header past the evidence’s length or outside its formats', () => {
    expect(() => decodeWav(wavWith({ sampleRate: 8_000, dataBytes: 61 * 16_000 }))).toThrow();
    expect(() => decodeWav(wavWith({ bitsPerSample: 12 }))).toThrow();
    expect(() => decodeWav(wavWith({ sampleRate: 1 }))).toThrow();
  });

  it('makes the local listener call such a recording unreadable', async () => {
    await expect(
      localSpeechListener.listen({ type: 'audio/wav', bytes: wavWith({ channels: 0, dataBytes: 16 }) }, 'x'),
    ).rejects.toBeInstanceOf(UnreadableEvidence);
  });
});
