import { describe, expect, it } from 'vitest';
import { judgePhrase, matchPhrase, words } from '../../../shared/domain/consent/phrase-match';
import { sniffAudio, sniffSelfie } from '../../../shared/domain/consent/evidence';
import { readFileParts } from '../../../shared/http/multipart';

const phrase = 'Eu, Bia, aceito a proteção da minha família no meu celular.';

describe('matching the phrase', () => {
  it('compares words without case, accents or punctuation', () => {
    expect(words('Proteção, FAMÍLIA!')).toEqual(['protecao', 'familia']);
    expect(matchPhrase(phrase, 'eu bia aceito a protecao da minha familia no meu celular')).toMatchObject({
      missing: [],
      score: 1,
    });
  });

  it('names the missing words and scores the share heard', () => {
    const match = matchPhrase(phrase, 'eu bia aceito a protecao');
    expect(match.missing).toEqual(['da', 'minha', 'familia', 'no', 'meu', 'celular']);
    expect(match.score).toBe(0.45);
  });

  it('is read at 70% of the words, a mismatch below, unintelligible with no word at all', () => {
    expect(judgePhrase(phrase, 'eu bia aceito a protecao da minha familia')).toEqual({ outcome: 'read' });
    expect(judgePhrase(phrase, 'bom dia')).toMatchObject({
      outcome: 'mismatch',
      expected: phrase,
      heard: 'bom dia',
      score: 0,
    });
    expect(judgePhrase(phrase, null)).toEqual({ outcome: 'unintelligible' });
    expect(judgePhrase(phrase, ' ... ')).toEqual({ outcome: 'unintelligible' });
  });
});

describe('recognising files by their first bytes', () => {
  it('knows JPEG, PNG and WebP selfies, and nothing else', () => {
    expect(sniffSelfie(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffSelfie(Buffer.from('RIFF0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffSelfie(Buffer.from('GIF89a'))).toBeNull();
  });

  it('knows WAV, FLAC and Ogg carrying Opus, and not Ogg carrying something else', () => {
    expect(sniffAudio(Buffer.from('RIFF0000WAVEfmt '))).toBe('audio/wav');
    expect(sniffAudio(Buffer.from('fLaC'))).toBe('audio/flac');
    const ogg = Buffer.alloc(36);
    ogg.write('OggS', 0);
    ogg.write('OpusHead', 28);
    expect(sniffAudio(ogg)).toBe('audio/ogg');
    ogg.write('vorbis!!', 28);
    expect(sniffAudio(ogg)).toBeNull();
  });
});

describe('reading multipart uploads', () => {
  const body = async (parts: [string, Uint8Array | string][]) => {
    const form = new FormData();
    for (const [name, value] of parts)
      form.append(
        name,
        typeof value === 'string' ? value : new Blob([new Uint8Array(value)]),
        ...(typeof value === 'string' ? [] : ['f']),
      );
    const request = new Request('http://x', { method: 'POST', body: form });
    return {
      contentType: request.headers.get('content-type') ?? undefined,
      bytes: Buffer.from(await request.arrayBuffer()),
    };
  };
  const limits = { selfie: 10, audio: 10 };

  it('returns each file part', async () => {
    const { contentType, bytes } = await body([
      ['selfie', new Uint8Array([1, 2])],
      ['audio', new Uint8Array([3])],
    ]);
    expect(await readFileParts(contentType, bytes, limits)).toEqual({
      selfie: new Uint8Array([1, 2]),
      audio: new Uint8Array([3]),
    });
  });

  it('stops at a part over its limit with 413', async () => {
    const { contentType, bytes } = await body([
      ['selfie', new Uint8Array(11)],
      ['audio', new Uint8Array([3])],
    ]);
    await expect(readFileParts(contentType, bytes, limits)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      status: 413,
    });
  });

  it('refuses a body that ends inside a part 400, as a request’s error, not the process’s', async () => {
    const contentType = 'multipart/form-data; boundary=b';
    const cut = Buffer.from('--b\r\ncontent-disposition: form-data; name="selfie"; filename="f"\r\n\r\nxx');
    await expect(readFileParts(contentType, cut, limits)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'body: malformed multipart',
    });
  });

  it('lists missing parts, unknown parts and text fields', async () => {
    const { contentType, bytes } = await body([
      ['photo', new Uint8Array([1])],
      ['audio', 'text'],
    ]);
    await expect(readFileParts(contentType, bytes, limits)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'photo: unexpected part; audio: must be a file; selfie: required; audio: required',
    });
    await expect(readFileParts('application/json', Buffer.from('{}'), limits)).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
