import {
  StartStreamTranscriptionCommand,
  type AudioStream,
  type MediaEncoding,
  type TranscribeStreamingClient,
} from '@aws-sdk/client-transcribe-streaming';
import type { AudioReading, SpeechListener } from '../../ports/evidence';
import { decodeWav } from './audio-samples';

const CHUNK_BYTES = 8 * 1024;

/** What Transcribe streaming takes: 16-bit PCM (from WAV), Ogg/Opus at 48 kHz, or FLAC as it is. */
const mediaOf = (audio: AudioReading): { encoding: MediaEncoding; sampleRate: number; bytes: Uint8Array } => {
  if (audio.type === 'audio/ogg') return { encoding: 'ogg-opus', sampleRate: 48_000, bytes: audio.bytes };
  if (audio.type === 'audio/flac') {
    // STREAMINFO follows the 4-byte marker and a 4-byte block header; the rate is its bits 80..99.
    const b = audio.bytes;
    const sampleRate = ((b[18] ?? 0) << 12) | ((b[19] ?? 0) << 4) | ((b[20] ?? 0) >> 4);
    return { encoding: 'flac', sampleRate, bytes: audio.bytes };
  }
  const { sampleRate, mono } = decodeWav(audio.bytes);
  const pcm = Buffer.alloc(mono.length * 2);
  mono.forEach((sample, i) =>
    pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(sample * 32767))), i * 2),
  );
  return { encoding: 'pcm', sampleRate, bytes: pcm };
};

async function* chunks(bytes: Uint8Array): AsyncGenerator<AudioStream> {
  for (let start = 0; start < bytes.byteLength; start += CHUNK_BYTES) {
    yield { AudioEvent: { AudioChunk: bytes.subarray(start, start + CHUNK_BYTES) } };
  }
}

/** Amazon Transcribe streaming, pt-BR: the final transcripts joined, or null when nothing was heard. */
export const transcribeListener = (client: TranscribeStreamingClient): SpeechListener => ({
  async listen(audio) {
    const media = mediaOf(audio);
    const response = await client.send(
      new StartStreamTranscriptionCommand({
        LanguageCode: 'pt-BR',
        MediaEncoding: media.encoding,
        MediaSampleRateHertz: media.sampleRate,
        AudioStream: chunks(media.bytes),
      }),
    );
    const heard: string[] = [];
    for await (const event of response.TranscriptResultStream ?? []) {
      for (const result of event.TranscriptEvent?.Transcript?.Results ?? []) {
        const text = result.IsPartial ? undefined : result.Alternatives?.[0]?.Transcript;
        if (text !== undefined && text.trim() !== '') heard.push(text.trim());
      }
    }
    return heard.length === 0 ? null : heard.join(' ');
  },
});
