import { MediaRecorder, register, type IMediaRecorder } from 'extendable-media-recorder';
import { connect } from 'extendable-media-recorder-wav-encoder';

/**
 * The camera and the microphone. The backend takes a JPEG selfie and a WAV reading (PCM, mono,
 * 16 kHz): browsers record WebM by default, so the reading goes through a WAV encoder fed by an
 * audio graph running at 16 kHz with one channel.
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
          stopStream(microphone);
          void context.close();
          resolve(new Blob(chunks, { type: 'audio/wav' }));
        });
        recorder.stop();
      }),
  };
};
