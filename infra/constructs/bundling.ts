/**
 * How every function is bundled: ESM for Node 24 on arm64, minified. CDK's
 * NodejsFunction uses these options, and the cold-start benchmark bundles with the same ones.
 */
export const esmRequireShim =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export const bundlingOptions = {
  target: 'node24',
  minify: true,
  /** Minified names in stack traces: the error log carries the correlation id to find the request. */
  sourceMap: false,
  /**
   * The AWS SDK v3 is bundled (a pinned version; tree shaking keeps cold starts short). Left out:
   * the local stand-ins for Rekognition and Transcribe, which never load in AWS.
   */
  externalModules: [
    '@vladmandic/human',
    '@tensorflow/tfjs-core',
    '@tensorflow/tfjs-converter',
    '@tensorflow/tfjs-backend-wasm',
    'ogg-opus-decoder',
    '@wasm-audio-decoders/flac',
  ],
  mainFields: ['module', 'main'],
  banner: esmRequireShim,
} as const;

/** Files a bundle needs beside its code: the WebP decoder's WebAssembly (read at run time). */
export const bundledAssets = {
  webpWasm: { from: 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm', to: 'webp_dec.wasm' },
} as const;
