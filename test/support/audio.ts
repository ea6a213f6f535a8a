/** 16-bit mono WAV bytes of the given samples (in [-1, 1]). */
export const wavOf = (samples: Float32Array, sampleRate = 16_000): Uint8Array => {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) =>
    data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(sample * 32767))), i * 2),
  );
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
};

export const silence = (seconds = 3, sampleRate = 16_000): Uint8Array =>
  wavOf(new Float32Array(seconds * sampleRate), sampleRate);

/** White noise: loud, but nothing like a voice. Seeded, so every run is the same. */
export const whiteNoise = (seconds = 3, sampleRate = 16_000): Uint8Array => {
  let state = 42;
  const samples = new Float32Array(seconds * sampleRate).map(() => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 31) * 1.2 - 0.6;
  });
  return wavOf(samples, sampleRate);
};

/**
 * A WAV whose header says what it is told, then `dataBytes` zero bytes of samples; `declaredDataBytes`
 * is the data chunk's size as written (a streaming writer leaves it at 0xFFFFFFFF).
 */
export const wavWith = ({
  formatTag = 1,
  channels = 1,
  sampleRate = 16_000,
  bitsPerSample = 16,
  dataBytes = 32,
  declaredDataBytes = dataBytes,
}: {
  formatTag?: number;
  channels?: number;
  sampleRate?: number;
  bitsPerSample?: number;
  dataBytes?: number;
  declaredDataBytes?: number;
}): Uint8Array => {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bitsPerSample) / 8;
  header.write('RIFF', 0);
  header.writeUInt32LE(Math.min(36 + declaredDataBytes, 0xffffffff), 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(formatTag, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(Math.min(sampleRate * blockAlign, 0xffffffff), 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36);
  header.writeUInt32LE(declaredDataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
};
