import type {
  AudioReading,
  EvidenceStore,
  FaceCounter,
  Selfie,
  SpeechListener,
} from '../../../shared/ports/evidence';

/** One face of good quality, unless the test sets `answer`. */
export const fakeFaceCounter = (): FaceCounter & { answer: { faces: number; quality: number } } => {
  const counter = {
    answer: { faces: 1, quality: 0.9 },
    countFaces: async () => counter.answer,
  };
  return counter;
};

/** Hears the expected phrase, unless the test sets `heard` (null: nothing understood). */
export const fakeSpeechListener = (): SpeechListener & { heard: string | null | undefined } => {
  const listener = {
    heard: undefined as string | null | undefined,
    listen: async (_: AudioReading, expectedPhrase: string) =>
      listener.heard === undefined ? expectedPhrase : listener.heard,
  };
  return listener;
};

/** The evidence kept, by seat and request. */
export const fakeEvidenceStore = (): EvidenceStore & {
  kept: { ref: { seatId: string; requestId: string }; selfie: Selfie; audio: AudioReading }[];
} => {
  const kept: { ref: { seatId: string; requestId: string }; selfie: Selfie; audio: AudioReading }[] = [];
  return {
    kept,
    keep: async (ref, selfie, audio) => {
      kept.push({ ref, selfie, audio });
    },
  };
};
