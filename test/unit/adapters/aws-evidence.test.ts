import {
  DetectFacesCommand,
  InvalidImageFormatException,
  RekognitionClient,
} from '@aws-sdk/client-rekognition';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import {
  StartStreamTranscriptionCommand,
  TranscribeStreamingClient,
  type TranscriptResultStream,
} from '@aws-sdk/client-transcribe-streaming';
import { mockClient } from 'aws-sdk-client-mock';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { kmsSeatKeys } from '../../../shared/adapters/consent/kms-seat-keys';
import { rekognitionFaceCounter } from '../../../shared/adapters/evidence/rekognition-face-counter';
import { s3EvidenceStore } from '../../../shared/adapters/evidence/s3-evidence-store';
import { transcribeListener } from '../../../shared/adapters/evidence/transcribe-listener';
import { UnreadableEvidence } from '../../../shared/ports/evidence';

const rekognition = mockClient(RekognitionClient);
const transcribe = mockClient(TranscribeStreamingClient);
const s3 = mockClient(S3Client);
const kms = mockClient(KMSClient);
afterEach(() => [rekognition, transcribe, s3, kms].forEach((mock) => mock.reset()));

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/evidence/${name}`, import.meta.url)));

describe('Rekognition DetectFaces', () => {
  it('counts the faces it is sure of and reports the best one’s quality', async () => {
    rekognition.on(DetectFacesCommand).resolves({
      FaceDetails: [
        { Confidence: 99.5, Quality: { Brightness: 80, Sharpness: 90 } },
        { Confidence: 40, Quality: { Brightness: 10, Sharpness: 10 } },
      ],
    });
    const counted = await rekognitionFaceCounter(new RekognitionClient({})).countFaces({
      type: 'image/png',
      bytes: fixture('one-face.png'),
    });
    expect(counted).toEqual({ faces: 1, quality: 0.85 });
    expect(rekognition.commandCalls(DetectFacesCommand)[0]!.args[0].input).toMatchObject({
      Attributes: ['DEFAULT'],
    });
  });

  it('sends a WebP selfie as PNG, which is what Rekognition reads', async () => {
    rekognition.on(DetectFacesCommand).resolves({ FaceDetails: [] });
    await rekognitionFaceCounter(new RekognitionClient({})).countFaces({
      type: 'image/webp',
      bytes: fixture('one-face.webp'),
    });
    const sent = rekognition.commandCalls(DetectFacesCommand)[0]!.args[0].input.Image?.Bytes;
    expect(Buffer.from(sent!).subarray(1, 4).toString()).toBe('PNG');
  });

  it('turns an image it cannot read into UnreadableEvidence, and lets outages through', async () => {
    rekognition
      .on(DetectFacesCommand)
      .rejectsOnce(new InvalidImageFormatException({ message: 'bad', $metadata: {} }));
    await expect(
      rekognitionFaceCounter(new RekognitionClient({})).countFaces({
        type: 'image/jpeg',
        bytes: new Uint8Array([0xff, 0xd8, 0xff]),
      }),
    ).rejects.toBeInstanceOf(UnreadableEvidence);
    rekognition.on(DetectFacesCommand).rejects(new Error('throttled'));
    await expect(
      rekognitionFaceCounter(new RekognitionClient({})).countFaces({
        type: 'image/png',
        bytes: fixture('one-face.png'),
      }),
    ).rejects.toThrow('throttled');
  });
});

describe('Transcribe streaming (pt-BR)', () => {
  const results = (...items: { partial: boolean; text: string }[]): AsyncIterable<TranscriptResultStream> =>
    (async function* () {
      for (const item of items) {
        yield {
          TranscriptEvent: {
            Transcript: { Results: [{ IsPartial: item.partial, Alternatives: [{ Transcript: item.text }] }] },
          },
        };
      }
    })();

  it('streams WAV as 16-bit PCM at its own rate and joins the final transcripts', async () => {
    transcribe.on(StartStreamTranscriptionCommand).resolves({
      TranscriptResultStream: results(
        { partial: true, text: 'Eu' },
        { partial: false, text: 'Eu, Bia, aceito' },
        { partial: false, text: 'a proteção' },
      ),
    });
    const heard = await transcribeListener(new TranscribeStreamingClient({})).listen(
      { type: 'audio/wav', bytes: fixture('phrase.wav') },
      'x',
    );
    expect(heard).toBe('Eu, Bia, aceito a proteção');
    expect(transcribe.commandCalls(StartStreamTranscriptionCommand)[0]!.args[0].input).toMatchObject({
      LanguageCode: 'pt-BR',
      MediaEncoding: 'pcm',
      MediaSampleRateHertz: 16_000,
    });
  });

  it('sends Ogg/Opus at 48 kHz and FLAC at the rate its header states; nothing heard is null', async () => {
    transcribe.on(StartStreamTranscriptionCommand).resolves({ TranscriptResultStream: results() });
    const listener = transcribeListener(new TranscribeStreamingClient({}));
    expect(await listener.listen({ type: 'audio/ogg', bytes: fixture('phrase.ogg') }, 'x')).toBeNull();
    await listener.listen({ type: 'audio/flac', bytes: fixture('phrase.flac') }, 'x');
    const calls = transcribe.commandCalls(StartStreamTranscriptionCommand).map((call) => call.args[0].input);
    expect(calls.map((input) => [input.MediaEncoding, input.MediaSampleRateHertz])).toEqual([
      ['ogg-opus', 48_000],
      ['flac', 16_000],
    ]);
  });
});

describe('S3 evidence store', () => {
  it('keeps both files under the seat and request, encrypted with the customer key', async () => {
    s3.on(PutObjectCommand).resolves({});
    await s3EvidenceStore(new S3Client({}), 'bucket', 'arn:key').keep(
      { seatId: 'S1', requestId: 'R1' },
      { type: 'image/png', bytes: new Uint8Array([1]) },
      { type: 'audio/wav', bytes: new Uint8Array([2]) },
    );
    const inputs = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(
      inputs.map((input) => [input.Key, input.ServerSideEncryption, input.SSEKMSKeyId, input.ContentType]),
    ).toEqual([
      ['evidence/S1/R1/selfie', 'aws:kms', 'arn:key', 'image/png'],
      ['evidence/S1/R1/audio', 'aws:kms', 'arn:key', 'audio/wav'],
    ]);
  });
});

describe('KMS seat keys', () => {
  it('make an AES-256 data key bound to the seat, kept only encrypted, opened with the same context', async () => {
    kms
      .on(GenerateDataKeyCommand)
      .resolves({ CiphertextBlob: new Uint8Array([9, 9]), Plaintext: new Uint8Array(32) });
    kms.on(DecryptCommand).resolves({ Plaintext: new Uint8Array(32).fill(7) });
    const keys = kmsSeatKeys(new KMSClient({}), 'arn:key');
    const wrapped = await keys.create('S1');
    expect(wrapped).toBe(Buffer.from([9, 9]).toString('base64url'));
    expect(kms.commandCalls(GenerateDataKeyCommand)[0]!.args[0].input).toEqual({
      KeyId: 'arn:key',
      KeySpec: 'AES_256',
      EncryptionContext: { seatId: 'S1' },
    });
    expect(await keys.open('S1', wrapped)).toEqual(new Uint8Array(32).fill(7));
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input.EncryptionContext).toEqual({ seatId: 'S1' });
  });
});
