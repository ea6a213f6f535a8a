import type * as Recorder from './recorder';

/**
 * The camera and the microphone. The backend takes a JPEG selfie and a WAV reading (PCM, mono,
 * 16 kHz): browsers record WebM by default, so the reading goes through a WAV encoder fed by an
 * audio graph running at 16 kHz with one channel. The encoder is most of the page's weight, so it
 * is a chunk of its own (`recorder.ts`), loaded when the audio step starts rather than with the first
 * screen.
 */
export const openCamera = () =>
  navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });

export const captureJpeg = (video: HTMLVideoElement): Promise<Blob> => {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob === null ? reject(new Error('no frame')) : resolve(blob)),
      'image/jpeg',
      0.9,
    ),
  );
};

export const stopStream = (stream: MediaStream | null) =>
  stream?.getTracks().forEach((track) => track.stop());

/** The recorder's chunk, loaded once (a failed load is tried again on the next recording). */
let recorder: Promise<typeof Recorder> | null = null;
export const loadRecorder = () =>
  (recorder ??= import('./recorder').catch((error: unknown) => {
    recorder = null;
    throw error;
  }));

/** Starts recording the microphone as WAV; the returned `stop` resolves with the recording. */
export const recordWav = async (): Promise<{ stop: () => Promise<Blob> }> =>
  (await loadRecorder()).recordWav();
