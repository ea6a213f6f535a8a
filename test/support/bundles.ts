import { resolve } from 'node:path';
import { build } from 'esbuild';
import { bundlingOptions, chunks } from '../../infra/constructs/bundling';
import { functionGroups, handlerEntry, type FunctionGroup } from '../../infra/routes';

/**
 * Every function group's bundle, built with the options CDK deploys with, into one folder: the
 * group's `<group>.mjs`, and its chunks (modules loaded on first need) beside it under their own
 * names, as the deployed asset has them. Extra entries (the bench's floor) build the same way.
 * Resolves to each bundle's source modules (paths from the repository root), by its name.
 */
export const buildBundles = async (
  outDir: string,
  options: { groups?: readonly FunctionGroup[]; extra?: Record<string, string> } = {},
): Promise<Record<string, string[]>> => {
  const entries: { name: string; entry: string; external: string[] }[] = [];
  for (const [name, entry] of Object.entries(options.extra ?? {}))
    entries.push({ name, entry, external: [] });
  for (const group of options.groups ?? functionGroups) {
    const own = chunks[group] ?? [];
    entries.push({ name: group, entry: handlerEntry(group), external: own.map(({ file }) => `./${file}`) });
    for (const chunk of own)
      entries.push({ name: chunk.file.replace(/\.mjs$/, ''), entry: chunk.entry, external: [] });
  }
  const built = await Promise.all(
    entries.map(async ({ name, entry, external }) => {
      const { metafile } = await build({
        entryPoints: [entry],
        outfile: resolve(outDir, `${name}.mjs`),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: bundlingOptions.target,
        minify: bundlingOptions.minify,
        mainFields: [...bundlingOptions.mainFields],
        external: [...bundlingOptions.externalModules, ...external],
        banner: { js: bundlingOptions.banner },
        logLevel: 'error',
        metafile: true,
      });
      return [name, Object.keys(metafile.inputs)] as const;
    }),
  );
  return Object.fromEntries(built);
};
