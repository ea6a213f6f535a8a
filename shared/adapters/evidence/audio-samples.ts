import type { AudioReading } from '../../ports/evidence';

/** Mono samples in [-1, 1] and their rate. */
export interface Samples {
  sampleRate: number;
  mono: Float32Array;
}

/** Ten minutes at 48 kHz: more than any reading of a phrase, and a bound on memory. */
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

/** WAV: PCM 8/16/24/32-bit or IEEE float, any rate and channel count. */
export const decodeWav = (bytes: Uint8Array): Samples => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let format: { audioFormat: number; channels: number; sampleRate: number; bitsPerSample: number } | null =
    null;
  while (offset + 8 <= bytes.byteLength) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        audioFormat: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (format === null) throw new Error('WAV data before fmt');
      const { audioFormat, channels, sampleRate, bitsPerSample } = format;
      const bytesPerSample = bitsPerSample / 8;
      const end = Math.min(bytes.byteLength, body + size);
      const frames = Math.min(Math.floor((end - body) / (bytesPerSample * channels)), MAX_SAMPLES);
      const mono = new Float32Array(frames);
      const isFloat = audioFormat === 3 || (audioFormat === 0xfffe && bitsPerSample === 32 && false);
      for (let frame = 0; frame < frames; frame += 1) {
        let sum = 0;
        for (let channel = 0; channel < channels; channel += 1) {
          const at = body + (frame * channels + channel) * bytesPerSample;
          if (isFloat) sum += view.getFloat32(at, true);
          else if (bitsPerSample === 8) sum += (view.getUint8(at) - 128) / 128;
          else if (bitsPerSample === 16) sum += view.getInt16(at, true) / 32768;
          else if (bitsPerSample === 24)
            sum +=
              ((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) /
              2147483648;
          else if (bitsPerSample === 32) sum += view.getInt32(at, true) / 2147483648;
          else throw new Error(`unsupported WAV sample size ${bitsPerSample}`);
        }
        mono[frame] = sum / channels;
      }
      return { sampleRate, mono };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without data');
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
