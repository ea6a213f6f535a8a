import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumers } from '../../infra/consumers';
import { routes } from '../../infra/routes';

/**
 * Which use cases have a unit test. The use cases are the operations of the two entry-point tables:
 * each route's `operation` (the one shared/app function of that name), and each consumer's calls
 * into a capability's module of shared/app (the functions its handler imports from
 * `shared/app/<capability>/…`; cross-cutting helpers at the top of shared/app are no use case). A
 * use case has a unit test when a file under test/unit imports it from its module.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface UseCase {
  operation: string;
  /** Its module, from the repository root. */
  module: string;
  /** The route (`GET /path`) or consumer (`consumer:<name>`) whose operation it is. */
  entry: string;
}

const filesUnder = (folder: string, ending: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(ending))
    .map((file) => join(folder, file))
    .sort();

/** The names a source file imports as values, each with its module (a path from the root). */
export const valueImportsOf = (file: string): Map<string, string> => {
  const imported = new Map<string, string>();
  const source = readFileSync(join(root, file), 'utf8');
  for (const [, kind = '', names = '', from = ''] of source.matchAll(
    /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g,
  )) {
    if (kind !== '' || !from.startsWith('.')) continue;
    const module = `${normalize(join(dirname(file), from))}.ts`;
    for (const name of names.split(',').map((each) => each.trim().split(/\s+as\s+/)[0] ?? ''))
      if (name !== '' && !name.startsWith('type ')) imported.set(name, module);
  }
  return imported;
};

/** Which modules of shared/app export a function of each name. */
const functionExporters = async (): Promise<Map<string, string[]>> => {
  const exporters = new Map<string, string[]>();
  for (const module of filesUnder('shared/app', '.ts')) {
    const exported = (await import(join(root, module))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported))
      if (typeof value === 'function') exporters.set(name, [...(exporters.get(name) ?? []), module]);
  }
  return exporters;
};

/** A capability's module: `shared/app/<capability>/<module>.ts`. */
const isCapabilityModule = (module: string) => /^shared\/app\/[^/]+\/[^/]+\.ts$/.test(module);

/** Every use case of the route and consumer tables. */
export const useCases = async (): Promise<UseCase[]> => {
  const exporters = await functionExporters();
  const fromRoutes = routes.flatMap((route): UseCase[] => {
    const [module] = exporters.get(route.operation) ?? [];
    // An operation no shared/app module exports serves a committed artefact (the OpenAPI document).
    return module === undefined
      ? []
      : [{ operation: route.operation, module, entry: `${route.method} ${route.path}` }];
  });
  const fromConsumers = consumers.flatMap((row): UseCase[] =>
    [...valueImportsOf(row.entry)]
      .filter(([name, module]) => isCapabilityModule(module) && (exporters.get(name) ?? []).includes(module))
      .map(([operation, module]) => ({ operation, module, entry: `consumer:${row.name}` })),
  );
  return [...fromRoutes, ...fromConsumers];
};

/** The `operation@module` keys the unit tests import. */
const testedKeys = (): Set<string> =>
  new Set(
    filesUnder('test/unit', '.test.ts').flatMap((file) =>
      [...valueImportsOf(file)].map(([name, module]) => `${name}@${module}`),
    ),
  );

/** The use cases no unit test imports, in table order (each once). */
export const useCasesWithoutUnitTest = async (): Promise<UseCase[]> => {
  const tested = testedKeys();
  const seen = new Set<string>();
  return (await useCases()).filter((useCase) => {
    const key = `${useCase.operation}@${useCase.module}`;
    if (tested.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The list as a reader wants it: one line per use case, with its module and entry point. */
export const describeUseCases = (list: readonly UseCase[]): string =>
  list.map((one) => `${one.operation} (${relative('.', one.module)}) <- ${one.entry}`).join('\n');
