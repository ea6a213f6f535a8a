import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { humanFaceCounter } from '../../../shared/adapters/evidence/human-face-counter';
import { localSpeechListener } from '../../../shared/adapters/evidence/local-speech-listener';
import { sniffAudio, sniffSelfie } from '../../../shared/domain/consent/evidence';
import { silence, whiteNoise } from '../../support/audio';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/evidence/${name}`, import.meta.url)));
const phrase = 'Eu, Bia, aceito a proteção da minha família no meu celular.';

describe('the local face counter (human, TF.js WebAssembly, weights from the npm package)', () => {
  it.each([
    ['one-face.png', 'image/png', 1],
    ['one-face.webp', 'image/webp', 1],
    ['two-faces.png', 'image/png', 2],
    ['no-face.jpg', 'image/jpeg', 0],
  ] as const)(
    'counts the faces in %s',
    async (name, type, faces) => {
      const bytes = fixture(name);
      expect(sniffSelfie(bytes)).toBe(type);
      const counted = await humanFaceCounter.countFaces({ type, bytes });
      expect(counted.faces).toBe(faces);
      if (faces > 0) expect(counted.quality).toBeGreaterThan(0.5);
    },
    30_000,
  );
});

describe('the local speech listener (voice-activity detection)', () => {
  it.each([
    ['phrase.wav', 'audio/wav'],
    ['phrase.ogg', 'audio/ogg'],
    ['phrase.flac', 'audio/flac'],
  ] as const)('hears a voice in %s and takes the phrase as read', async (name, type) => {
    const bytes = fixture(name);
    expect(sniffAudio(bytes)).toBe(type);
    expect(await localSpeechListener.listen({ type, bytes }, phrase)).toBe(phrase);
  });

  it('hears nothing in silence or in noise', async () => {
    expect(await localSpeechListener.listen({ type: 'audio/wav', bytes: silence() }, phrase)).toBeNull();
    expect(await localSpeechListener.listen({ type: 'audio/wav', bytes: whiteNoise() }, phrase)).toBeNull();
  });
});
