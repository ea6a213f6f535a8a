import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Selfie } from '../../ports/evidence';
import { lazy } from '../../lazy';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel. */
  rgba: Uint8Array;
}

/** The largest image we decode: enough for any phone selfie, and a bound on memory. */
const MAX_PIXELS = 40_000_000;

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

/** `webpWasmPath`: where a bundle keeps the WebP decoder's WebAssembly (else it is found in node_modules). */
export const decodeSelfie = async (selfie: Selfie, webpWasmPath?: string): Promise<Pixels> => {
  let pixels: Pixels;
  if (selfie.type === 'image/jpeg') {
    const image = jpeg.decode(selfie.bytes, {
      useTArray: true,
      maxResolutionInMP: MAX_PIXELS / 1e6,
      formatAsRGBA: true,
    });
    pixels = { width: image.width, height: image.height, rgba: image.data };
  } else if (selfie.type === 'image/png') {
    const image = PNG.sync.read(Buffer.from(selfie.bytes));
    pixels = { width: image.width, height: image.height, rgba: image.data };
  } else {
    const decode = await webpDecoder(webpWasmPath);
    const copy = selfie.bytes.slice();
    const image = await decode(copy.buffer);
    pixels = { width: image.width, height: image.height, rgba: new Uint8Array(image.data.buffer) };
  }
  if (pixels.width * pixels.height > MAX_PIXELS) throw new RangeError('image too large');
  return pixels;
};

/** PNG bytes of decoded pixels (for services that take only JPEG or PNG). */
export const encodePng = (pixels: Pixels): Uint8Array => {
  const png = new PNG({ width: pixels.width, height: pixels.height });
  Buffer.from(pixels.rgba).copy(png.data);
  return PNG.sync.write(png);
};
