import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { allowedSelfieSize, evidenceLimits } from '../../domain/consent/evidence';
import type { Selfie } from '../../ports/evidence';
import { lazy } from '../../lazy';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel. */
  rgba: Uint8Array;
}

/**
 * What jpeg-js may allocate for a selfie at the pixel bound: 4-byte coefficients and a line buffer
 * for three full-resolution components, and the RGBA output (measured: 265 MB at 4096 x 3072).
 * Beyond it, a file that declares many components is refused instead of decoded.
 */
const jpegMemoryMb = Math.ceil((evidenceLimits.selfiePixels * 24) / 2 ** 20);
/** The interlace method's byte in a PNG (signature, IHDR's length and type, then its 13th byte). */
const pngInterlaceAt = 8 + 8 + 12;

type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
/** Node's WebAssembly global, typed here without pulling in the DOM's types. */
const wasmRuntime = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> } }
).WebAssembly;

let webpReady: (() => Promise<(bytes: ArrayBuffer) => Promise<DecodedImage>>) | undefined;

/** The WebP decoder is WebAssembly shipped inside its npm package; compiled once, from disk. */
const webpDecoder = (wasmPathOverride?: string) =>
  (webpReady ??= lazy(async () => {
    const wasmPath =
      wasmPathOverride ?? createRequire(import.meta.url).resolve('@jsquash/webp/codec/dec/webp_dec.wasm');
    const { default: decode, init } = await import('@jsquash/webp/decode.js');
    await init((await wasmRuntime.compile(await readFile(wasmPath))) as never);
    return decode as (bytes: ArrayBuffer) => Promise<DecodedImage>;
  }))();

/**
 * `webpWasmPath`: where a bundle keeps the WebP decoder's WebAssembly (else it is found in
 * node_modules). The header's size is checked before any decoder runs, and each decoder is held to
 * it: a file whose header lies about its size is refused, not decoded to whatever its data says.
 */
export const decodeSelfie = async (selfie: Selfie, webpWasmPath?: string): Promise<Pixels> => {
  const declared = allowedSelfieSize(selfie.type, selfie.bytes);
  if (declared === null) throw new RangeError('image header unreadable, or the image too large');
  let pixels: Pixels;
  if (selfie.type === 'image/jpeg') {
    // jpeg-js checks every frame it meets against the bound, before allocating for it.
    const image = jpeg.decode(selfie.bytes, {
      useTArray: true,
      maxResolutionInMP: evidenceLimits.selfiePixels / 1e6,
      maxMemoryUsageInMB: jpegMemoryMb,
      formatAsRGBA: true,
    });
    pixels = { width: image.width, height: image.height, rgba: image.data };
  } else if (selfie.type === 'image/png') {
    // pngjs bounds its inflation by the IHDR's size (the only IHDR: see pngSize), but not for an
    // interlaced image, whose data it inflates whole: refused, no camera or canvas makes one.
    if (selfie.bytes[pngInterlaceAt] !== 0) throw new RangeError('interlaced PNG');
    const image = PNG.sync.read(Buffer.from(selfie.bytes));
    pixels = { width: image.width, height: image.height, rgba: image.data };
  } else {
    // libwebp allocates for the size in the header read above, and refuses frames that differ from it.
    const decode = await webpDecoder(webpWasmPath);
    // A copy in a buffer of its own: a Node Buffer's `slice` shares memory, and a small one's
    // `buffer` is the whole pool it was cut from.
    const image = await decode(new Uint8Array(selfie.bytes).buffer);
    pixels = { width: image.width, height: image.height, rgba: new Uint8Array(image.data.buffer) };
  }
  if (pixels.width !== declared.width || pixels.height !== declared.height)
    throw new RangeError('image size differs from its header');
  return pixels;
};

/** PNG bytes of decoded pixels (for services that take only JPEG or PNG). */
export const encodePng = (pixels: Pixels): Uint8Array => {
  const png = new PNG({ width: pixels.width, height: pixels.height });
  Buffer.from(pixels.rgba).copy(png.data);
  return PNG.sync.write(png);
};
