import type { Samples } from './audio-samples';

/**
 * Voice-activity detection, frame by frame (20 ms): a frame is voiced when it is loud enough
 * (RMS above about -34 dBFS) and not noise-like (a zero-crossing rate below that of hiss).
 * Silence fails the first test, white noise the second.
 */
const FRAME_SECONDS = 0.02;
const MIN_RMS = 0.02;
const MAX_ZERO_CROSSING_RATE = 0.25;

export const voicedSeconds = ({ sampleRate, mono }: Samples): number => {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  let voicedFrames = 0;
  for (let start = 0; start + frame <= mono.length; start += frame) {
    let energy = 0;
    let crossings = 0;
    for (let i = start; i < start + frame; i += 1) {
      const sample = mono[i] ?? 0;
      energy += sample * sample;
      if (i > start && sample >= 0 !== (mono[i - 1] ?? 0) >= 0) crossings += 1;
    }
    const rms = Math.sqrt(energy / frame);
    if (rms >= MIN_RMS && crossings / frame <= MAX_ZERO_CROSSING_RATE) voicedFrames += 1;
  }
  return voicedFrames * FRAME_SECONDS;
};
