import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeSelfie } from '../../../shared/adapters/evidence/image-pixels';
import type { SelfieType } from '../../../shared/domain/consent/evidence';
import {
  app0,
  ihdr,
  jpegFile,
  jpegSegment,
  pngBomb,
  pngChunk,
  pngFile,
  startOfFrame,
  vp8x,
  webpBomb,
  webpImageChunk,
  withJpegSize,
  zeroPng,
  zeroRowsZlib,
} from '../../support/images';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/evidence/${name}`, import.meta.url)));
const megabytes = (bytes: number) => bytes / 2 ** 20;

/**
 * Refused fast and within bounded memory: the peak resident size (`maxRSS`, which a decoder's
 * allocation would raise even if freed at once) and the resident size after, each grow < 50 MB.
 */
const refusedCheaply = async (type: SelfieType, bytes: Uint8Array) => {
  const started = performance.now();
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const before = process.memoryUsage().rss;
  await expect(decodeSelfie({ type, bytes })).rejects.toThrow();
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(megabytes(process.resourceUsage().maxRSS * 1024 - peakBefore)).toBeLessThan(50);
  expect(megabytes(process.memoryUsage().rss - before)).toBeLessThan(50);
};

beforeAll(async () => {
  // The WebP decoder compiled and its memory grown once, so that growth is not counted below.
  await decodeSelfie({ type: 'image/webp', bytes: fixture('one-face.webp') });
});

describe('decoding a selfie', () => {
  it.each([
    ['one-face.png', 'image/png'],
    ['one-face.webp', 'image/webp'],
    ['no-face.jpg', 'image/jpeg'],
  ] as const)('decodes %s to the size its header declares', async (name, type) => {
    const pixels = await decodeSelfie({ type, bytes: fixture(name) });
    expect(pixels).toMatchObject({ width: 256, height: 256 });
    expect(pixels.rgba.length).toBe(256 * 256 * 4);
  });

  it('decodes images at the bound', async () => {
    for (const [type, bytes] of [
      ['image/png', zeroPng(4096, 3072)],
      ['image/webp', webpBomb(4096, 3072)],
    ] as const)
      expect(await decodeSelfie({ type, bytes })).toMatchObject({ width: 4096, height: 3072 });
  }, 20_000);
});

describe('decompression bombs are refused from their header, before any decoding', () => {
  it('a PNG declaring 20,000 x 20,000 with a real zero stream', async () => {
    await refusedCheaply('image/png', pngBomb());
  });

  it('a 38-byte WebP declaring 8,000 x 8,000', async () => {
    await refusedCheaply('image/webp', webpBomb());
  });

  it('a real JPEG whose frame declares 6,000 x 6,000, and a frame header alone', async () => {
    await refusedCheaply('image/jpeg', withJpegSize(fixture('no-face.jpg'), 6_000, 6_000));
    await refusedCheaply('image/jpeg', jpegFile(app0, startOfFrame(0xc2, 6_000, 6_000)));
  });
});

describe('a header that lies about the size is no way past the bound', () => {
  it('a PNG whose second IHDR declares 20,000 x 20,000', async () => {
    const lying = pngFile(
      ihdr(1, 1),
      ihdr(20_000, 20_000),
      pngChunk('IDAT', zeroRowsZlib(20_000, 80_001)),
      pngChunk('IEND'),
    );
    await refusedCheaply('image/png', lying);
  });

  it('an interlaced PNG, whose data its decoder would inflate without a bound', async () => {
    const lying = pngFile(
      ihdr(64, 64, { interlaced: true }),
      pngChunk('IDAT', zeroRowsZlib(20_000, 80_001)),
      pngChunk('IEND'),
    );
    await refusedCheaply('image/png', lying);
  });

  it('a JPEG whose second frame declares 6,000 x 6,000', async () => {
    const quantisation = jpegSegment(0xdb, Buffer.alloc(65));
    const lying = jpegFile(
      app0,
      quantisation,
      startOfFrame(0xc0, 64, 64),
      startOfFrame(0xc0, 6_000, 6_000),
      Buffer.from([0xff, 0xd9]),
    );
    await refusedCheaply('image/jpeg', lying);
  });

  it('a WebP whose canvas is small and whose frame declares 8,000 x 8,000', async () => {
    await refusedCheaply('image/webp', vp8x(64, 64, webpImageChunk(webpBomb())));
  });
});
