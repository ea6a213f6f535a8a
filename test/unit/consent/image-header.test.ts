import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allowedSelfieSize, evidenceLimits, sniffSelfie } from '../../../shared/domain/consent/evidence';
import { jpegSize, pngSize, webpSize } from '../../../shared/domain/consent/image-header';
import {
  app0,
  ihdr,
  jpegFile,
  jpegSegment,
  pngBomb,
  pngChunk,
  pngFile,
  startOfFrame,
  vp8,
  vp8l,
  vp8x,
  webpBomb,
  webpImageChunk,
  zeroRowsZlib,
} from '../../support/images';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/evidence/${name}`, import.meta.url)));
const cutAt = (bytes: Uint8Array) => Array.from({ length: bytes.length }, (_, end) => bytes.subarray(0, end));

describe('reading a PNG’s size from its IHDR', () => {
  it('reads the fixture’s and a declared 20,000 x 20,000', () => {
    expect(pngSize(fixture('one-face.png'))).toEqual({ width: 256, height: 256 });
    expect(pngSize(pngFile(ihdr(20_000, 20_000)))).toEqual({ width: 20_000, height: 20_000 });
  });

  it('the bomb is under 2 MB, and its IDAT is a stream a decoder would really inflate', () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(pngSize(bomb)).toEqual({ width: 20_000, height: 20_000 });
    // The same stream, shorter: valid zlib, zeros all through.
    const rows = inflateSync(zeroRowsZlib(10, 80_001));
    expect(rows.equals(Buffer.alloc(10 * 80_001))).toBe(true);
  });

  it('refuses an IHDR cut short, a first chunk that is not IHDR, and no pixels', () => {
    for (const cut of cutAt(pngFile(ihdr(640, 480)).subarray(0, 29))) expect(pngSize(cut)).toBeNull();
    expect(pngSize(pngFile(ihdr(640, 480)).subarray(0, 29))).toEqual({ width: 640, height: 480 });
    expect(pngSize(pngFile(pngChunk('tEXt', Buffer.from('a\0b')), ihdr(640, 480)))).toBeNull();
    expect(pngSize(pngFile(ihdr(0, 480)))).toBeNull();
  });

  it('refuses a second IHDR, whose size a decoder would take instead', () => {
    const lying = pngFile(ihdr(1, 1), pngChunk('tEXt', Buffer.from('a\0b')), ihdr(20_000, 20_000));
    expect(pngSize(lying)).toBeNull();
    expect(pngSize(pngFile(ihdr(1, 1), pngChunk('IEND'), ihdr(20_000, 20_000)))).toEqual({
      width: 1,
      height: 1,
    });
  });
});

describe('reading a WebP’s size from its first chunk', () => {
  it('reads lossy, lossless and extended headers, and the fixture’s', () => {
    expect(webpSize(fixture('one-face.webp'))).toEqual({ width: 256, height: 256 });
    expect(webpSize(vp8(640, 480))).toEqual({ width: 640, height: 480 });
    expect(webpSize(vp8l(16_384, 1))).toEqual({ width: 16_384, height: 1 });
    expect(webpSize(vp8l(1, 16_384))).toEqual({ width: 1, height: 16_384 });
    expect(webpSize(vp8x(16_777_216, 3))).toEqual({ width: 16_777_216, height: 3 });
  });

  it('reads the 38-byte bomb declaring 8,000 x 8,000', () => {
    const bomb = webpBomb();
    expect(bomb.length).toBe(38);
    expect(sniffSelfie(bomb)).toBe('image/webp');
    expect(webpSize(bomb)).toEqual({ width: 8_000, height: 8_000 });
  });

  it('refuses a header cut short, an interframe, a bad start code or signature, and unknown chunks', () => {
    for (const [whole, headerEnd] of [
      [vp8(640, 480), 30],
      [vp8l(640, 480), 25],
      [vp8x(640, 480), 30],
    ] as const)
      for (const cut of cutAt(whole.subarray(0, headerEnd))) expect(webpSize(cut)).toBeNull();
    const interframe = vp8(640, 480);
    interframe[20] = 0x11;
    expect(webpSize(interframe)).toBeNull();
    const badStart = vp8(640, 480);
    badStart[25] = 0x2b;
    expect(webpSize(badStart)).toBeNull();
    const badSignature = vp8l(640, 480);
    badSignature[20] = 0x2e;
    expect(webpSize(badSignature)).toBeNull();
    const laterVersion = vp8l(640, 480);
    laterVersion[24] = 0x20;
    expect(webpSize(laterVersion)).toBeNull();
    const other = vp8(640, 480);
    other.write('ALPH', 12, 'latin1');
    expect(webpSize(other)).toBeNull();
    expect(webpSize(vp8(0, 480))).toBeNull();
  });

  it('an extended file is read by its canvas', () => {
    expect(webpSize(vp8x(8_000, 8_000, webpImageChunk(vp8(64, 64))))).toEqual({
      width: 8_000,
      height: 8_000,
    });
  });
});

describe('reading a JPEG’s size from its first start of frame', () => {
  const quantisation = jpegSegment(0xdb, Buffer.alloc(65));

  it('reads the fixture’s, a baseline 6,000 x 6,000 and a progressive frame', () => {
    expect(jpegSize(fixture('no-face.jpg'))).toEqual({ width: 256, height: 256 });
    expect(jpegSize(jpegFile(startOfFrame(0xc0, 6_000, 6_000)))).toEqual({ width: 6_000, height: 6_000 });
    expect(jpegSize(jpegFile(app0, quantisation, startOfFrame(0xc2, 4032, 3024)))).toEqual({
      width: 4032,
      height: 3024,
    });
  });

  it('skips APPn and other segments by their lengths, fill bytes, and markers that stand alone', () => {
    const exif = jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), Buffer.alloc(2_000, 0xff)]));
    const huffman = jpegSegment(0xc4, Buffer.alloc(30));
    const comment = jpegSegment(0xfe, Buffer.from('made by hand'));
    const fill = Buffer.from([0xff, 0xff, 0xff]);
    const restart = Buffer.from([0xff, 0xd0]);
    expect(
      jpegSize(
        jpegFile(app0, exif, fill, huffman, comment, restart, quantisation, startOfFrame(0xc1, 1200, 1600)),
      ),
    ).toEqual({ width: 1200, height: 1600 });
  });

  it('a thumbnail’s frame inside an APP segment is skipped with it', () => {
    const thumbnail = jpegSegment(0xe1, jpegFile(startOfFrame(0xc0, 160, 120)));
    expect(jpegSize(jpegFile(thumbnail, startOfFrame(0xc0, 6_000, 6_000)))).toEqual({
      width: 6_000,
      height: 6_000,
    });
  });

  it('refuses a header cut short, garbage between segments, image data or an end before any frame', () => {
    for (const cut of cutAt(jpegFile(app0, startOfFrame(0xc0, 640, 480)).subarray(0, 27)))
      expect(jpegSize(cut)).toBeNull();
    expect(jpegSize(jpegFile(app0, Buffer.from([0x00]), startOfFrame(0xc0, 640, 480)))).toBeNull();
    expect(
      jpegSize(jpegFile(app0, jpegSegment(0xda, Buffer.alloc(10)), startOfFrame(0xc0, 640, 480))),
    ).toBeNull();
    expect(jpegSize(jpegFile(app0, Buffer.from([0xff, 0xd9])))).toBeNull();
    expect(
      jpegSize(jpegFile(app0, Buffer.from([0xff, 0xe1, 0x00, 0x01]), startOfFrame(0xc0, 1, 1))),
    ).toBeNull();
    expect(jpegSize(jpegFile(startOfFrame(0xc0, 640, 0)))).toBeNull();
  });
});

describe('the selfie’s allowed size', () => {
  it('is 12 MP: a 4032 x 3024 phone photo fits, more does not', () => {
    expect(evidenceLimits.selfiePixels).toBeGreaterThanOrEqual(4032 * 3024);
    expect(evidenceLimits.selfiePixels).toBeLessThan(13_000_000);
    expect(allowedSelfieSize('image/jpeg', jpegFile(startOfFrame(0xc2, 4032, 3024)))).toEqual({
      width: 4032,
      height: 3024,
    });
    expect(allowedSelfieSize('image/png', pngFile(ihdr(4096, 3072)))).not.toBeNull();
    expect(allowedSelfieSize('image/png', pngFile(ihdr(4096, 3073)))).toBeNull();
  });

  it('refuses the bombs and unreadable headers', () => {
    expect(allowedSelfieSize('image/png', pngBomb())).toBeNull();
    expect(allowedSelfieSize('image/webp', webpBomb())).toBeNull();
    expect(allowedSelfieSize('image/jpeg', jpegFile(app0, startOfFrame(0xc0, 6_000, 6_000)))).toBeNull();
    expect(allowedSelfieSize('image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
  });

  it('reads each fixture by the type sniffed from it', () => {
    for (const name of ['one-face.png', 'one-face.webp', 'two-faces.png', 'no-face.jpg']) {
      const bytes = fixture(name);
      const type = sniffSelfie(bytes);
      expect(type).not.toBeNull();
      if (type !== null) expect(allowedSelfieSize(type, bytes)).not.toBeNull();
    }
  });
});
