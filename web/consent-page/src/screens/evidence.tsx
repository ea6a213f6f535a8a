import { useEffect, useRef, useState } from 'preact/hooks';
import type { ConsentApi, ConsentPage, Refusal } from '../api';
import { useSecondsSince } from '../live';
import { captureJpeg, loadRecorder, openCamera, recordWav, stopStream } from '../media';
import { RefusalNote } from '../refusal-note';
import type { Words } from '../words';

/** A blob with the object URL that previews it (revoked when replaced or left). */
interface Take {
  blob: Blob;
  url: string;
}
const takeOf = (blob: Blob): Take => ({ blob, url: URL.createObjectURL(blob) });
const drop = (take: Take | null) => take !== null && URL.revokeObjectURL(take.url);

/** The selfie, the reading of the phrase, both previewed, then sent for verification. */
export const Evidence = (props: {
  words: Words;
  api: ConsentApi;
  page: ConsentPage;
  onVerified: (page: ConsentPage) => void;
}) => {
  const { words } = props;
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  // The stream is open before its first frame is drawn: a capture before it would take nothing.
  const [framed, setFramed] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [selfie, setSelfie] = useState<Take | null>(null);
  const [audio, setAudio] = useState<Take | null>(null);
  const [recording, setRecording] = useState<{ stop: () => Promise<Blob>; startedAt: number } | null>(null);
  const recorded = useSecondsSince(recording?.startedAt ?? null);
  const [microphoneFailed, setMicrophoneFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const startCamera = () => {
    setCameraFailed(false);
    setFramed(false);
    openCamera().then(setCamera, () => setCameraFailed(true));
  };
  useEffect(startCamera, []);
  useEffect(() => {
    if (video.current !== null && camera !== null) video.current.srcObject = camera;
    return () => stopStream(camera);
  }, [camera]);
  useEffect(() => () => (drop(selfie), drop(audio)), []);
  // The audio step starts with the selfie: fetch the recorder now so that "record" does not wait.
  // A failed fetch is tried again when recording starts, which then says the microphone failed.
  useEffect(() => {
    if (selfie !== null) loadRecorder().catch(() => undefined);
  }, [selfie !== null]);

  const capture = async () => {
    if (video.current === null || video.current.videoWidth === 0) return;
    const blob = await captureJpeg(video.current);
    drop(selfie);
    setSelfie(takeOf(blob));
    setCamera(null);
  };
  const retake = () => {
    drop(selfie);
    setSelfie(null);
    setRefusal(null);
    startCamera();
  };
  const record = async () => {
    setMicrophoneFailed(false);
    setRefusal(null);
    try {
      setRecording({ ...(await recordWav()), startedAt: Date.now() });
    } catch {
      setMicrophoneFailed(true);
    }
  };
  const stop = async () => {
    if (recording === null) return;
    const blob = await recording.stop();
    setRecording(null);
    drop(audio);
    setAudio(takeOf(blob));
  };
  const submit = async () => {
    if (selfie === null || audio === null) return;
    setSending(true);
    setRefusal(null);
    const answer = await props.api.evidence(selfie.blob, audio.blob);
    setSending(false);
    if (answer.ok) props.onVerified(answer.data);
    else setRefusal(answer.refusal);
  };

  return (
    <section aria-labelledby="selfie-heading">
      <h1 id="selfie-heading">{words.selfie.heading}</h1>
      <p>{words.selfie.explain}</p>
      {selfie === null ? (
        <div class="media">
          {cameraFailed ? (
            <>
              <p role="alert">{words.selfie.noCamera}</p>
              <button type="button" onClick={startCamera}>
                {words.selfie.openCamera}
              </button>
            </>
          ) : (
            <>
              <video
                ref={video}
                autoplay
                playsinline
                muted
                aria-label={words.selfie.camera}
                onLoadedData={() => setFramed(true)}
              />
              <button
                type="button"
                class="primary"
                data-testid="selfie-capture"
                disabled={camera === null || !framed}
                onClick={() => void capture()}
              >
                {words.selfie.capture}
              </button>
            </>
          )}
        </div>
      ) : (
        <div class="media">
          <img src={selfie.url} alt={words.selfie.preview} />
          <button type="button" data-testid="selfie-retake" onClick={retake}>
            {words.selfie.retake}
          </button>
        </div>
      )}

      {selfie !== null && (
        <>
          <h2>{words.audio.heading}</h2>
          <blockquote class="phrase" lang="pt-BR">
            {props.page.phrase}
          </blockquote>
          {microphoneFailed && <p role="alert">{words.audio.noMicrophone}</p>}
          {recording === null ? (
            <button type="button" data-testid="audio-record" onClick={() => void record()}>
              {audio === null ? words.audio.record : words.audio.rerecord}
            </button>
          ) : (
            <>
              <p role="status">{words.audio.recording}</p>
              <p class="timer" data-testid="audio-seconds" data-seconds={recorded ?? 0} aria-hidden="true">
                {words.duration(Math.floor((recorded ?? 0) / 60), (recorded ?? 0) % 60)}
              </p>
              <button type="button" class="primary" data-testid="audio-stop" onClick={() => void stop()}>
                {words.audio.stop}
              </button>
            </>
          )}
          {audio !== null && recording === null && (
            <audio controls src={audio.url} aria-label={words.audio.playback} />
          )}
        </>
      )}

      <RefusalNote words={words} refusal={refusal} testId="evidence-error" />
      {selfie !== null && audio !== null && recording === null && (
        <button
          type="button"
          class="primary"
          data-testid="evidence-submit"
          disabled={sending}
          onClick={() => void submit()}
        >
          {sending ? words.evidence.sending : words.evidence.submit}
        </button>
      )}
    </section>
  );
};
