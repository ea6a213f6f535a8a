import { basename } from 'node:path';

/**
 * How every function is bundled: ESM for Node 24 on arm64, minified. CDK's
 * NodejsFunction uses these options, and the cold-start benchmark bundles with the same ones.
 */
export const esmRequireShim =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * Every Node module the bundles import, read as builtins (`bundlingOptions.alias`); `fs/promises` and
 * `dns/promises` named apart, as an alias maps subpaths too (a subpath not listed fails the build).
 */
export const readAsBuiltins = [
  'http',
  'fs',
  'fs/promises',
  'process',
  'util',
  'crypto',
  'path',
  'stream',
  'os',
  'https',
  'console',
  'net',
  'zlib',
  'child_process',
  'async_hooks',
  'url',
  'timers',
  'diagnostics_channel',
  'dns/promises',
] as const;

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
  /**
   * Node's modules that the bundles read as builtins (`process.getBuiltinModule`, one file each in
   * `builtins/`), not through their ES module views: Node builds such a view by reading every
   * export, and `node:http`'s loads the fetch implementation (undici), about 50 ms of every cold
   * start (60-75 ms in a bare process against 8-12 as a builtin); `fs`, `util` and `process` cost
   * about 9 ms more together, `crypto`'s (whose `webcrypto` it reads) about 10, the others a
   * millisecond or less each. Paths from the repository root, where esbuild runs.
   */
  alias: Object.fromEntries(
    readAsBuiltins.flatMap((name) => {
      const path = `./infra/constructs/builtins/${name.replace('/', '-')}.cjs`;
      return [
        [name, path],
        [`node:${name}`, path],
      ];
    }),
  ),
} as const;

/** The aliases as esbuild's command line takes them (`--alias:<name>=<path>`). */
export const aliasArguments = (): string[] =>
  Object.entries(bundlingOptions.alias).map(([name, path]) => `${name}=${path}`);

/**
 * Modules a function loads on first need, each bundled as a file of its own beside the handler's
 * (NodejsFunction's esbuild call has no code splitting): every handler's bundle leaves the import of
 * `./<file>` as it is, so its cold start never compiles them, and ships the chunks its code imports,
 * only those. The evidence checks are 40% of that group's code and only an upload that passes its
 * limits, its link and its file checks uses them; the OpenAPI document only `GET /openapi.json`; the
 * AWS clients a function may never call on its way to a first answer (a worker's first ordinary
 * message sends no mail, schedules nothing, queues nothing and asks no model) on their first call;
 * X-Ray's SDK only where a daemon listens (`tracingWanted`), as the function starts.
 */
export interface Chunk {
  /** The module, relative to the repository root (`.mts`: imported as `./<file>` from beside it). */
  entry: string;
  file: string;
}

/** A chunk's file is its module's name, `.mts` as `.mjs`: the name the module is imported by. */
const chunkOf = (entry: string): Chunk => ({ entry, file: basename(entry).replace(/\.mts$/, '.mjs') });

export const chunks: readonly Chunk[] = [
  'functions/api/health/openapi-document.mts',
  'functions/composition/evidence-aws-checks.mts',
  'functions/composition/evidence-local-checks.mts',
  'functions/composition/aws-notifications.mts',
  'functions/composition/aws-schedules.mts',
  'functions/composition/aws-keys.mts',
  'functions/composition/aws-event-bodies.mts',
  'functions/composition/aws-queues.mts',
  'functions/composition/aws-bedrock.mts',
  'shared/adapters/lambda/tracing.mts',
].map(chunkOf);

/** The import a bundle keeps for a chunk, as esbuild writes it (minified or not). */
export const chunkImport = (chunk: Chunk): string => `import("./${chunk.file}")`;

/** What every bundle leaves to its chunks. */
export const chunkExternals: readonly string[] = chunks.map(({ file }) => `./${file}`);

/** The chunks a bundle's code imports. */
export const chunksImportedBy = (code: string): Chunk[] =>
  chunks.filter((chunk) => code.includes(chunkImport(chunk)));

/** The esbuild arguments that bundle a chunk with the handler's options. */
const chunkBuild = (chunk: Chunk, inputDir: string, outputDir: string): string =>
  [
    `"${inputDir}/node_modules/.bin/esbuild"`,
    `"${inputDir}/${chunk.entry}"`,
    '--bundle',
    `--outfile="${outputDir}/${chunk.file}"`,
    '--platform=node',
    '--format=esm',
    `--target=${bundlingOptions.target}`,
    ...(bundlingOptions.minify ? ['--minify'] : []),
    `--main-fields=${bundlingOptions.mainFields.join(',')}`,
    ...bundlingOptions.externalModules.map((name) => `--external:${name}`),
    ...aliasArguments().map((alias) => `--alias:${alias}`),
    `--banner:js="${bundlingOptions.banner}"`,
    '--log-level=warning',
  ].join(' ');

/**
 * The command, run after the handler's bundling (`index.mjs`), that bundles a chunk beside it when
 * the handler imports it; a failing build fails the synthesis.
 */
export const chunkCommand = (chunk: Chunk, inputDir: string, outputDir: string): string =>
  `if grep -qF '${chunkImport(chunk)}' "${outputDir}/index.mjs"; then ${chunkBuild(chunk, inputDir, outputDir)}; fi`;

/**
 * Files a bundle reads from beside itself when its code names them: the analyzer's model weights and
 * its patterns' anchors, which their modules read at `./<to>` of their own URL (in the repository the
 * same path beside the module). Read as files, since in the bundle they would be code to compile at
 * every cold start: a megabyte of string (about 20 ms), a 100 KB object literal (about 8).
 */
export interface BesideFile {
  /** Relative to the repository root. */
  from: string;
  /** Relative to the bundle, as its code names it. */
  to: string;
}

export const besideFiles: readonly BesideFile[] = [
  { from: 'shared/adapters/analysis/model/window-classifier.weights', to: 'model/window-classifier.weights' },
  { from: 'shared/adapters/analysis/categories/anchors.json', to: 'categories/anchors.json' },
];

/** The files beside it a bundle's code names (what `besideFileCommand` tests with grep). */
export const besideFilesNamedBy = (code: string): BesideFile[] =>
  besideFiles.filter((file) => code.includes(file.to));

/** The command, run after the handler's bundling, that copies a file beside it when its code names it. */
export const besideFileCommand = (file: BesideFile, inputDir: string, outputDir: string): string =>
  `if grep -qF '${file.to}' "${outputDir}/index.mjs"; then mkdir -p "$(dirname "${outputDir}/${file.to}")" && cp "${inputDir}/${file.from}" "${outputDir}/${file.to}"; fi`;

/** Files a bundle needs beside its code: the WebP decoder's WebAssembly (read at run time). */
export const bundledAssets = {
  webpWasm: { from: 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm', to: 'webp_dec.wasm' },
} as const;
