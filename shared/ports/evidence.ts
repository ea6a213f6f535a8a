import type { AudioType, SelfieType } from '../domain/consent/evidence';

export interface Selfie {
  type: SelfieType;
  bytes: Uint8Array;
}

export interface AudioReading {
  type: AudioType;
  bytes: Uint8Array;
}

/** Counts the faces in a selfie; `quality` is the best face's quality from 0 to 1 (0 with none). */
export interface FaceCounter {
  countFaces(selfie: Selfie): Promise<{ faces: number; quality: number }>;
}

/** What was said in the recording (pt-BR), or null when nothing was understood. */
export interface SpeechListener {
  listen(audio: AudioReading, expectedPhrase: string): Promise<string | null>;
}

/** Keeps verified evidence, encrypted at rest; nothing ever reads it back for guardians. */
export interface EvidenceStore {
  keep(ref: { seatId: string; requestId: string }, selfie: Selfie, audio: AudioReading): Promise<void>;
}

/** Thrown by a verifier when the file itself cannot be read (not when the service is down). */
export class UnreadableEvidence extends Error {
  override readonly name = 'UnreadableEvidence';
  constructor(
    readonly part: 'selfie' | 'audio',
    options?: { cause?: unknown },
  ) {
    super(`the ${part} cannot be read`, options);
  }
}
