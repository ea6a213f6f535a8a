import { MediaRecorder, register, type IMediaRecorder } from 'extendable-media-recorder';
import { connect } from 'extendable-media-recorder-wav-encoder';

// The reading's recorder: the microphone through an audio graph at 16 kHz with one channel into
// `extendable-media-recorder`'s WAV encoder (browsers record WebM, which the backend refuses). A chunk
// of its own, loaded on demand by `media.ts` (and importing nothing of the page, so that the chunk
// stands alone).

/** The WAV encoder joins the recorder once, on the first recording. */
let encoderRegistered: Promise<void> | null = null;
const wavEncoder = () => (encoderRegistered ??= connect().then(register));

const sampleRate = 16_000;

/** Starts recording the microphone as WAV; the returned `stop` resolves with the recording. */
export const recordWav = async (): Promise<{ stop: () => Promise<Blob> }> => {
  await wavEncoder();
  const microphone = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
  });
  const context = new AudioContext({ sampleRate });
  const destination = new MediaStreamAudioDestinationNode(context, { channelCount: 1 });
  context.createMediaStreamSource(microphone).connect(destination);
  const recorder: IMediaRecorder = new MediaRecorder(destination.stream, { mimeType: 'audio/wav' });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
  recorder.start();
  return {
    stop: () =>
      new Promise((resolve) => {
        recorder.addEventListener('stop', () => {
          microphone.getTracks().forEach((track) => track.stop());
          void context.close();
          resolve(new Blob(chunks, { type: 'audio/wav' }));
        });
        recorder.stop();
      }),
  };
};
