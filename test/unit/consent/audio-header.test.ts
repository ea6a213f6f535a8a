import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wavFormat, wavSeconds } from '../../../shared/domain/consent/audio-header';
import { allowedAudio, allowedWavFormat, evidenceLimits } from '../../../shared/domain/consent/evidence';
import { wavWith } from '../../support/audio';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/evidence/${name}`, import.meta.url)));

/** A WAV with extra bytes spliced in after its `fmt ` chunk (its RIFF size left as it was). */
const withChunkAfterFmt = (wav: Uint8Array, chunk: Uint8Array) =>
  new Uint8Array([...wav.subarray(0, 36), ...chunk, ...wav.subarray(36)]);
const chunkOf = (id: string, body: number[]) => {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return new Uint8Array([...Buffer.from(id), ...size, ...body, ...(body.length % 2 === 1 ? [0] : [])]);
};

describe('reading a WAV’s format from its header', () => {
  it('reads the fixture’s, and the data chunk after other chunks', () => {
    const format = wavFormat(fixture('phrase.wav'));
    expect(format).toMatchObject({ encoding: 'pcm', channels: 1, bitsPerSample: 16 });
    expect(wavSeconds(format!)).toBeGreaterThan(1);
    const listed = withChunkAfterFmt(wavWith({ dataBytes: 320 }), chunkOf('LIST', [1, 2, 3]));
    expect(wavFormat(listed)).toMatchObject({ dataOffset: 44 + 12, dataBytes: 320 });
  });

  it('takes the samples to the file’s end when the data size is a streaming writer’s placeholder', () => {
    const streamed = wavWith({ dataBytes: 3 * 32_000, declaredDataBytes: 0xffffffff });
    expect(wavSeconds(wavFormat(streamed)!)).toBe(3);
  });

  it('reads nothing from a file without a format before its data, truncated, or of another encoding', () => {
    const wav = wavWith({});
    expect(wavFormat(wav.subarray(0, 30))).toBeNull();
    expect(wavFormat(new Uint8Array([...wav.subarray(0, 12), ...wav.subarray(36)]))).toBeNull();
    expect(wavFormat(wavWith({ formatTag: 2 }))).toBeNull();
    expect(wavFormat(Buffer.from('RIFF0000WAVE'))).toBeNull();
  });
});

describe('the WAV recordings the checks may decode', () => {
  it('are mono or stereo, 8/16/24/32-bit PCM or 32-bit float, at 8 to 48 kHz', () => {
    for (const fields of [
      {},
      { channels: 2, sampleRate: 44_100, bitsPerSample: 24 },
      { bitsPerSample: 8, sampleRate: 8_000 },
      { bitsPerSample: 32 },
      { formatTag: 3, bitsPerSample: 32, sampleRate: 48_000 },
    ])
      expect(allowedWavFormat(wavWith(fields)), JSON.stringify(fields)).not.toBeNull();
    expect(allowedAudio('audio/wav', fixture('phrase.wav'))).toBe(true);
  });

  it('are refused with no channel (60 bytes that decoded into 28.8 million samples), or more than two', () => {
    const noChannel = wavWith({ channels: 0, dataBytes: 16 });
    expect(noChannel.length).toBe(60);
    expect(allowedAudio('audio/wav', noChannel)).toBe(false);
    expect(allowedAudio('audio/wav', wavWith({ channels: 3 }))).toBe(false);
  });

  it('are refused with an odd sample size, or a rate no microphone records at', () => {
    for (const fields of [
      { bitsPerSample: 0 },
      { bitsPerSample: 12 },
      { bitsPerSample: 64 },
      { formatTag: 3, bitsPerSample: 16 },
      { formatTag: 3, bitsPerSample: 64 },
      { sampleRate: 0 },
      { sampleRate: 1 },
      { sampleRate: 4_000 },
      { sampleRate: 96_000 },
      { sampleRate: 0xffffffff },
    ])
      expect(allowedAudio('audio/wav', wavWith(fields)), JSON.stringify(fields)).toBe(false);
  });

  it('are refused past the evidence’s length, by the bytes of their data chunk', () => {
    const oneSecond = 8_000;
    const atLimit = wavWith({
      sampleRate: 8_000,
      bitsPerSample: 8,
      dataBytes: evidenceLimits.audioSeconds * oneSecond,
    });
    expect(allowedAudio('audio/wav', atLimit)).toBe(true);
    const over = wavWith({
      sampleRate: 8_000,
      bitsPerSample: 8,
      dataBytes: (evidenceLimits.audioSeconds + 1) * oneSecond,
    });
    expect(allowedAudio('audio/wav', over)).toBe(false);
  });

  it('leave Ogg/Opus and FLAC to their decoders', () => {
    expect(allowedAudio('audio/ogg', fixture('phrase.ogg'))).toBe(true);
    expect(allowedAudio('audio/flac', fixture('phrase.flac'))).toBe(true);
  });
});
