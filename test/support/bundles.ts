import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';
import {
  besideFilesNamedBy,
  bundlingOptions,
  chunkExternals,
  chunksImportedBy,
  type Chunk,
} from '../../infra/constructs/bundling';
import { functionGroups, handlerEntry, type FunctionGroup } from '../../infra/routes';

/** One module bundled with the options CDK deploys with, leaving the chunks' imports as they are. */
const bundle = async (entry: string, outfile: string): Promise<string[]> => {
  const { metafile } = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: bundlingOptions.target,
    minify: bundlingOptions.minify,
    mainFields: [...bundlingOptions.mainFields],
    external: [...bundlingOptions.externalModules, ...chunkExternals],
    banner: { js: bundlingOptions.banner },
    alias: bundlingOptions.alias,
    logLevel: 'error',
    metafile: true,
  });
  return Object.keys(metafile.inputs);
};

/**
 * Every function group's bundle, built with the options CDK deploys with, into one folder: the
 * group's `<group>.mjs`, and beside them the chunks (modules loaded on first need) their code
 * imports, under their own names, as each deployed asset has its own, and the files they read from
 * beside themselves (`besideFiles`). Extra entries (the bench's
 * floor, the workers) build the same way. Resolves to each bundle's source modules (paths from the
 * repository root), by its name.
 */
export const buildBundles = async (
  outDir: string,
  options: { groups?: readonly FunctionGroup[]; extra?: Record<string, string> } = {},
): Promise<Record<string, string[]>> => {
  const entries = [
    ...Object.entries(options.extra ?? {}).map(([name, entry]) => ({ name, entry })),
    ...(options.groups ?? functionGroups).map((group) => ({ name: group, entry: handlerEntry(group) })),
  ];
  const built = await Promise.all(
    entries.map(async ({ name, entry }) => {
      const outfile = resolve(outDir, `${name}.mjs`);
      const sources = await bundle(entry, outfile);
      const code = await readFile(outfile, 'utf8');
      for (const file of besideFilesNamedBy(code)) {
        await mkdir(dirname(resolve(outDir, file.to)), { recursive: true });
        await copyFile(file.from, resolve(outDir, file.to));
      }
      return { name, sources, chunks: chunksImportedBy(code) };
    }),
  );
  const imported = new Map<string, Chunk>(
    built.flatMap(({ chunks }) => chunks.map((c) => [c.file, c] as const)),
  );
  await Promise.all([...imported.values()].map((chunk) => bundle(chunk.entry, resolve(outDir, chunk.file))));
  return Object.fromEntries(built.map(({ name, sources }) => [name, sources]));
};
