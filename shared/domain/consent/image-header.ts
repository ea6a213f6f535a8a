/**
 * The width and height an image declares in its header, read without decoding anything, so that a
 * small file declaring a huge image is refused before a decoder allocates and inflates for it. Each
 * reader takes bytes whose type `sniffSelfie` recognised and answers null for a header that is cut
 * short, garbled, or declares no pixels.
 */
export interface ImageSize {
  width: number;
  height: number;
}

type HeaderReader = (bytes: Uint8Array) => ImageSize | null;

/** Reading past the end throws a RangeError: the header is cut short. */
const reader =
  (read: (view: DataView) => ImageSize | null): HeaderReader =>
  (bytes) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    try {
      const size = read(view);
      return size !== null && size.width > 0 && size.height > 0 ? size : null;
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
  };

const fourCc = (view: DataView, at: number): string =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
const uint24le = (view: DataView, at: number): number =>
  view.getUint16(at, true) | (view.getUint8(at + 2) << 16);

/** PNG: chunks after the 8-byte signature, each length (4), type (4), data, CRC (4); IHDR comes first. */
const pngChunks = 8;
const ihdrLength = 13;

export const pngSize: HeaderReader = reader((view) => {
  if (view.getUint32(pngChunks) !== ihdrLength || fourCc(view, pngChunks + 4) !== 'IHDR') return null;
  const size = { width: view.getUint32(pngChunks + 8), height: view.getUint32(pngChunks + 12) };
  const ihdrEnd = pngChunks + 8 + ihdrLength;
  if (view.byteLength < ihdrEnd) return null;
  // A decoder takes a later IHDR's size over the first one's: a second IHDR is a lying header.
  for (let at = ihdrEnd + 4; at + 8 <= view.byteLength; at += 12 + view.getUint32(at)) {
    const type = fourCc(view, at + 4);
    if (type === 'IHDR') return null;
    if (type === 'IEND') break;
  }
  return size;
});

/** WebP: after `RIFF`, its size and `WEBP`, the first chunk's type (4) and size (4), then its data. */
const webpChunk = 12;
const webpData = 20;

export const webpSize: HeaderReader = reader((view) => {
  switch (fourCc(view, webpChunk)) {
    // Extended: the canvas, 24 bits each less one, after 1 byte of flags and 3 reserved.
    case 'VP8X':
      return { width: 1 + uint24le(view, webpData + 4), height: 1 + uint24le(view, webpData + 7) };
    // Lossless: signature 0x2f, then width and height less one in 14 bits each, alpha, version 0.
    case 'VP8L': {
      if (view.getUint8(webpData) !== 0x2f) return null;
      const bits = view.getUint32(webpData + 1, true);
      if (bits >>> 29 !== 0) return null;
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
    }
    // Lossy: a key frame's 3-byte tag, the start code 9d 01 2a, then 14-bit width and height.
    case 'VP8 ': {
      const keyFrame = (view.getUint8(webpData) & 1) === 0;
      const startCode = view.getUint32(webpData + 3) >>> 8;
      if (!keyFrame || startCode !== 0x9d012a) return null;
      return {
        width: view.getUint16(webpData + 6, true) & 0x3fff,
        height: view.getUint16(webpData + 8, true) & 0x3fff,
      };
    }
    default:
      return null;
  }
});

/** JPEG start-of-frame markers, SOF0 to SOF15 (c4, c8 and cc are other segments): they carry the size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** TEM and RST0-7 stand alone, without a length. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Image data, an end or a new start before any frame: the header is garbled. */
const endsHeader = (marker: number) =>
  marker === 0x00 || marker === 0xd8 || marker === 0xd9 || marker === 0xda;

/**
 * JPEG: from after SOI, markers (0xff, any fill bytes 0xff, the marker) and their segments, skipped by
 * their length, up to the first start of frame: length (2), precision (1), height (2), width (2).
 */
export const jpegSize: HeaderReader = reader((view) => {
  let at = 2;
  for (;;) {
    if (view.getUint8(at) !== 0xff) return null;
    while (view.getUint8(at) === 0xff) at += 1;
    const marker = view.getUint8(at);
    at += 1;
    if (isStartOfFrame(marker)) return { height: view.getUint16(at + 3), width: view.getUint16(at + 5) };
    if (endsHeader(marker)) return null;
    if (standsAlone(marker)) continue;
    const length = view.getUint16(at);
    if (length < 2) return null;
    at += length;
  }
});
