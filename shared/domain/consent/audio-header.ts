/**
 * What a WAV file's header declares, read without decoding a sample: its `fmt ` chunk and where its
 * `data` chunk lies. Decoding costs memory and time by the frames the header makes of the bytes (a
 * 60-byte file declaring 0 channels once decoded into 28.8 million samples), so the header is checked
 * first.
 */
export interface WavFormat {
  /** Integer PCM or IEEE float samples (WAVE_FORMAT_EXTENSIBLE read through its sub-format). */
  encoding: 'pcm' | 'float';
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Where the samples start, and how many of their bytes the file really holds. */
  dataOffset: number;
  dataBytes: number;
}

const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;
/** A WAV has a handful of chunks before its samples (`fmt `, perhaps `LIST` or `fact`). */
const MAX_CHUNKS = 16;

const isId = (bytes: Uint8Array, at: number, id: string): boolean =>
  [...id].every((char, index) => bytes[at + index] === char.charCodeAt(0));

/** The format and the data chunk; null when either is missing, truncated or of an unknown encoding. */
export const wavFormat = (bytes: Uint8Array): WavFormat | null => {
  if (bytes.length < 12 || !isId(bytes, 0, 'RIFF') || !isId(bytes, 8, 'WAVE')) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavFormat, 'dataOffset' | 'dataBytes'> | null = null;
  let offset = 12;
  for (let chunk = 0; chunk < MAX_CHUNKS && offset + 8 <= bytes.length; chunk += 1) {
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (isId(bytes, offset, 'fmt ')) {
      if (size < 16 || body + size > bytes.length) return null;
      const tag = view.getUint16(body, true);
      const code = tag === EXTENSIBLE && size >= 40 ? view.getUint16(body + 24, true) : tag;
      if (code !== PCM && code !== IEEE_FLOAT) return null;
      format = {
        encoding: code === PCM ? 'pcm' : 'float',
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (isId(bytes, offset, 'data')) {
      // A streaming writer may leave the size at its maximum: the samples then run to the file's end.
      return format === null
        ? null
        : { ...format, dataOffset: body, dataBytes: Math.min(size, bytes.length - body) };
    }
    offset = body + size + (size % 2);
  }
  return null;
};

/** How long the samples last, in seconds (0 for a format that makes no frame). */
export const wavSeconds = (format: WavFormat): number => {
  const frameBytes = format.channels * (format.bitsPerSample / 8);
  return frameBytes > 0 && format.sampleRate > 0
    ? Math.floor(format.dataBytes / frameBytes) / format.sampleRate
    : 0;
};
