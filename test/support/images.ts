import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Image files built byte by byte: headers that declare a size, and decompression bombs (small files
 * declaring huge images, whose data a naive decoder would inflate in full).
 */
const uint32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};
const uint32le = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};
const uint16be = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const uint16le = (value: number) => Buffer.from([value & 0xff, value >> 8]);

// PNG

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const pngChunk = (type: string, data: Uint8Array = Buffer.alloc(0)): Buffer => {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([uint32be(data.length), typeAndData, uint32be(crc32(typeAndData))]);
};

/** IHDR of an 8-bit RGBA image. */
export const ihdr = (width: number, height: number, options: { interlaced?: boolean } = {}): Buffer =>
  pngChunk(
    'IHDR',
    Buffer.concat([uint32be(width), uint32be(height), Buffer.from([8, 6, 0, 0, options.interlaced ? 1 : 0])]),
  );

export const pngFile = (...chunks: Buffer[]): Buffer => Buffer.concat([pngSignature, ...chunks]);

/**
 * A zlib stream of `rows` rows of zeros, `rowBytes` each: every row deflated on its own and flushed
 * to a byte boundary, so the copies join into one valid stream about a thousandth of its output.
 */
export const zeroRowsZlib = (rows: number, rowBytes: number): Buffer => {
  const row = deflateRawSync(Buffer.alloc(rowBytes), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  // Adler-32 of zeros: its first sum stays 1, its second grows by 1 a byte.
  const adler32 = (((rows * rowBytes) % 65521) << 16) | 1;
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(rows).fill(row),
    finalEmptyBlock,
    uint32be(adler32),
  ]);
};

/** An RGBA PNG of zeros whose IDAT is a real stream: each row is a filter byte and 4 bytes a pixel. */
export const zeroPng = (width: number, height: number, options: { interlaced?: boolean } = {}): Buffer =>
  pngFile(
    ihdr(width, height, options),
    pngChunk('IDAT', zeroRowsZlib(height, 1 + 4 * width)),
    pngChunk('IEND'),
  );

/** 20,000 x 20,000 pixels (1.6 GB decoded) in under 2 MB. */
export const pngBomb = (): Buffer => zeroPng(20_000, 20_000);

// WebP

export const riffWebp = (chunk: string, data: Uint8Array): Buffer => {
  const body = Buffer.concat([
    Buffer.from('WEBP'),
    Buffer.from(chunk, 'latin1'),
    uint32le(data.length),
    data,
  ]);
  return Buffer.concat([Buffer.from('RIFF'), uint32le(body.length), body]);
};

/** A lossy key frame's header: the tag (key frame, version 0, shown), start code, width and height. */
export const vp8 = (width: number, height: number, tail: Uint8Array = Buffer.alloc(8)): Buffer =>
  riffWebp(
    'VP8 ',
    Buffer.concat([
      Buffer.from([0x10, 0x01, 0x00, 0x9d, 0x01, 0x2a]),
      uint16le(width),
      uint16le(height),
      tail,
    ]),
  );

/** A lossless header: signature, width and height less one in 14 bits each, no alpha, version 0. */
export const vp8l = (width: number, height: number, bitstream: Uint8Array = Buffer.alloc(4)): Buffer =>
  riffWebp(
    'VP8L',
    Buffer.concat([Buffer.from([0x2f]), uint32le((width - 1) | ((height - 1) << 14)), bitstream]),
  );

/**
 * A lossless bitstream that fills any size with one colour at no bits a pixel: no transform, no
 * colour cache, no meta codes, then five prefix codes of one symbol each (simple code, one symbol,
 * 1-bit symbol 0). Bits are read from each byte's lowest.
 */
const oneColour = (() => {
  const bits = [0, 0, 0, ...Array.from({ length: 5 }, () => [1, 0, 0, 0]).flat()];
  const bytes = Buffer.alloc(13);
  bits.forEach((bit, index) => {
    bytes[index >> 3] = (bytes[index >> 3] ?? 0) | (bit << (index & 7));
  });
  return bytes;
})();

const uint24le = (value: number) => Buffer.from([value & 0xff, (value >> 8) & 0xff, value >> 16]);

/** An extended WebP: the canvas, then the image's own chunks. */
export const vp8x = (width: number, height: number, image: Buffer = Buffer.alloc(0)): Buffer =>
  riffWebp(
    'VP8X',
    Buffer.concat([Buffer.from([0, 0, 0, 0]), uint24le(width - 1), uint24le(height - 1), image]),
  );

/** The image chunk (type, size, data) of a simple WebP, to place inside an extended one. */
export const webpImageChunk = (simple: Buffer): Buffer => simple.subarray(12);

/** 38 bytes that decode to 8,000 x 8,000 pixels of one colour (256 MB), at any size that fits 14 bits. */
export const webpBomb = (width = 8_000, height = 8_000): Buffer => vp8l(width, height, oneColour);

// JPEG

export const jpegSegment = (marker: number, payload: Uint8Array): Buffer =>
  Buffer.concat([Buffer.from([0xff, marker]), uint16be(payload.length + 2), payload]);

/** A start of frame: 8-bit precision, three components sampled 1x1. */
export const startOfFrame = (marker: number, width: number, height: number): Buffer =>
  jpegSegment(
    marker,
    Buffer.concat([
      Buffer.from([8]),
      uint16be(height),
      uint16be(width),
      Buffer.from([3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]),
    ]),
  );

export const app0 = jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
export const jpegFile = (...segments: Buffer[]): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xd8]), ...segments]);

/**
 * A real JPEG (jpeg-js output, no EXIF) whose frame now declares another size: a decoder allocates
 * for it and decodes the data it has. Its first ff c0 is its start of frame.
 */
export const withJpegSize = (jpeg: Uint8Array, width: number, height: number): Buffer => {
  const bytes = Buffer.from(jpeg);
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  if (frame < 0) throw new Error('no baseline start of frame');
  bytes.writeUInt16BE(height, frame + 5);
  bytes.writeUInt16BE(width, frame + 7);
  return bytes;
};
