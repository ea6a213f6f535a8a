import { wavFormat, wavSeconds, type WavFormat } from './audio-header';
import { jpegSize, pngSize, webpSize, type ImageSize } from './image-header';

/**
 * The person's evidence: one selfie and one spoken reading of the phrase. Types are recognised by
 * their leading bytes, never by what the client claims.
 */
export const selfieTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const audioTypes = ['audio/wav', 'audio/ogg', 'audio/flac'] as const;
export type SelfieType = (typeof selfieTypes)[number];
export type AudioType = (typeof audioTypes)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

export const sniffSelfie = (bytes: Uint8Array): SelfieType | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
};

/** Ogg must carry Opus (its first page names `OpusHead`). */
export const sniffAudio = (bytes: Uint8Array): AudioType | null => {
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WAVE'), 8)) return 'audio/wav';
  if (startsWith(bytes, ascii('fLaC'))) return 'audio/flac';
  if (startsWith(bytes, ascii('OggS')) && startsWith(bytes, ascii('OpusHead'), 28)) return 'audio/ogg';
  return null;
};

/**
 * Upload limits: the bytes are counted while the body streams in; the selfie's pixels are read from
 * its header before anything decodes it.
 */
export const evidenceLimits = {
  selfieBytes: 5 * 1024 * 1024,
  audioBytes: 4 * 1024 * 1024,
  /**
   * 12 MP, with room for a 4032 x 3024 phone photo: more than any selfie needs. Decoding costs
   * memory and CPU by the pixels declared, not by the bytes sent (a 1.5 MB PNG can declare
   * 20,000 x 20,000 pixels, 1.6 GB once decoded), so this bounds what one upload can cost.
   */
  selfiePixels: 4096 * 3072,
  /**
   * A reading of the phrase takes a few seconds: a minute leaves room for hesitation, and bounds
   * what decoding a recording and hearing it can cost.
   */
  audioSeconds: 60,
} as const;

const headerSize: Record<SelfieType, (bytes: Uint8Array) => ImageSize | null> = {
  'image/jpeg': jpegSize,
  'image/png': pngSize,
  'image/webp': webpSize,
};

/**
 * The size the selfie's header declares, when it can be read and is within `selfiePixels`; null for
 * a selfie no decoder may be given.
 */
export const allowedSelfieSize = (type: SelfieType, bytes: Uint8Array): ImageSize | null => {
  const size = headerSize[type](bytes);
  return size !== null && size.width * size.height <= evidenceLimits.selfiePixels ? size : null;
};

/** The sample sizes a WAV is read in: integer PCM (8-bit unsigned, the others signed), float 32-bit. */
const wavSampleBits: Record<WavFormat['encoding'], readonly number[]> = { pcm: [8, 16, 24, 32], float: [32] };
/** Speech recognition takes 8 to 48 kHz (Transcribe's PCM rates); a phone records within them. */
const wavSampleRates = { min: 8_000, max: 48_000 } as const;

/**
 * The format of a WAV recording the checks may decode: mono or stereo, a known sample size, 8 to
 * 48 kHz, at most `audioSeconds` of samples (by its data chunk's bytes); null otherwise.
 */
export const allowedWavFormat = (bytes: Uint8Array): WavFormat | null => {
  const format = wavFormat(bytes);
  if (format === null) return null;
  const { encoding, channels, sampleRate, bitsPerSample } = format;
  const fits =
    (channels === 1 || channels === 2) &&
    wavSampleBits[encoding].includes(bitsPerSample) &&
    sampleRate >= wavSampleRates.min &&
    sampleRate <= wavSampleRates.max &&
    wavSeconds(format) <= evidenceLimits.audioSeconds;
  return fits ? format : null;
};

/**
 * Whether the recording may be given to the checks, from its header alone: a WAV's is read here.
 * Ogg/Opus and FLAC are taken as they come (what their decoders keep is bounded in audio-samples.ts).
 */
export const allowedAudio = (type: AudioType, bytes: Uint8Array): boolean =>
  type !== 'audio/wav' || allowedWavFormat(bytes) !== null;
