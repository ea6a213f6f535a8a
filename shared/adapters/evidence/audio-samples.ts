import type { WavFormat } from '../../domain/consent/audio-header';
import { allowedWavFormat } from '../../domain/consent/evidence';
import type { AudioReading } from '../../ports/evidence';

/** Mono samples in [-1, 1] and their rate. */
export interface Samples {
  sampleRate: number;
  mono: Float32Array;
}

/** Ten minutes at 48 kHz: what an Ogg/Opus or FLAC decoding keeps at most, a bound on memory. */
const MAX_SAMPLES = 48_000 * 600;

const mix = (channels: readonly Float32Array[]): Float32Array => {
  const first = channels[0];
  if (first === undefined) return new Float32Array(0);
  if (channels.length === 1) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels)
    for (let i = 0; i < mono.length; i += 1) mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / channels.length;
  return mono;
};

/** One sample in [-1, 1], by its encoding and size (8-bit PCM is unsigned, the others signed). */
const sampleReader = (
  view: DataView,
  { encoding, bitsPerSample }: Pick<WavFormat, 'encoding' | 'bitsPerSample'>,
): ((at: number) => number) => {
  if (encoding === 'float') return (at) => view.getFloat32(at, true);
  if (bitsPerSample === 8) return (at) => (view.getUint8(at) - 128) / 128;
  if (bitsPerSample === 16) return (at) => view.getInt16(at, true) / 32768;
  if (bitsPerSample === 24)
    return (at) =>
      ((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) / 2147483648;
  return (at) => view.getInt32(at, true) / 2147483648;
};

/**
 * WAV: mono or stereo PCM 8/16/24/32-bit or 32-bit float, 8 to 48 kHz, at most the evidence's
 * length, as its header declares (`allowedWavFormat`); any other header is refused before a sample
 * is read.
 */
export const decodeWav = (bytes: Uint8Array): Samples => {
  const format = allowedWavFormat(bytes);
  if (format === null) throw new Error('WAV header outside the evidence limits');
  const { channels, sampleRate, bitsPerSample, dataOffset, dataBytes } = format;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read = sampleReader(view, format);
  const bytesPerSample = bitsPerSample / 8;
  const frames = Math.floor(dataBytes / (bytesPerSample * channels));
  const mono = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel += 1)
      sum += read(dataOffset + (frame * channels + channel) * bytesPerSample);
    mono[frame] = sum / channels;
  }
  return { sampleRate, mono };
};

/** Ogg/Opus and FLAC through WebAssembly decoders shipped in their npm packages. */
export const decodeAudio = async (audio: AudioReading): Promise<Samples> => {
  if (audio.type === 'audio/wav') return decodeWav(audio.bytes);
  const decoder =
    audio.type === 'audio/ogg'
      ? new (await import('ogg-opus-decoder')).OggOpusDecoder()
      : new (await import('@wasm-audio-decoders/flac')).FLACDecoder();
  await decoder.ready;
  try {
    const decoded = await decoder.decodeFile(audio.bytes);
    if (decoded.errors.length > 0 && decoded.samplesDecoded === 0) throw new Error('undecodable audio');
    return { sampleRate: decoded.sampleRate, mono: mix(decoded.channelData).subarray(0, MAX_SAMPLES) };
  } finally {
    decoder.free();
  }
};
