/**
 * How every function is bundled: ESM for Node 24 on arm64, minified, with source maps. CDK's
 * NodejsFunction uses these options, and the cold-start benchmark bundles with the same ones.
 */
export const esmRequireShim =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export const bundlingOptions = {
  target: 'node24',
  minify: true,
  sourceMap: true,
  /** The AWS SDK v3 is bundled too: a pinned version, and tree shaking keeps cold starts short. */
  externalModules: [] as string[],
  mainFields: ['module', 'main'],
  banner: esmRequireShim,
} as const;
