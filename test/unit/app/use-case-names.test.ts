import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { handlerEntry, routes } from '../../../infra/routes';
import { routeKey } from '../../../shared/http/route-match';

/**
 * A reader goes from the route table to the code by name: each route's `operation` is the name of
 * exactly one use case in shared/app, and the route's group handler imports it from there. A route
 * that serves a committed artefact instead of running a use case names the module exporting it.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every module of shared/app, as a path from the repository root. */
const appModules = readdirSync(join(root, 'shared/app'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join('shared/app', file))
  .sort();

/** Which modules export a function of each name. */
const exporters = new Map<string, string[]>();
for (const module of appModules) {
  const exported = (await import(join(root, module))) as Record<string, unknown>;
  for (const [name, value] of Object.entries(exported)) {
    if (typeof value === 'function') exporters.set(name, [...(exporters.get(name) ?? []), module]);
  }
}

/** The names a handler imports, each with the module (a path from the root) it comes from. */
const importsOf = (handler: string): Map<string, string> => {
  const imported = new Map<string, string>();
  const source = readFileSync(join(root, handler), 'utf8');
  for (const [, names = '', from = ''] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const module = `${normalize(join(dirname(handler), from))}.ts`;
    for (const name of names.split(',').map((each) => each.trim()))
      if (name !== '' && !name.startsWith('type ')) imported.set(name, module);
  }
  return imported;
};

const artefacts: Record<string, string> = {
  openApiDocument: 'functions/api/health/openapi-document.mts',
};

describe('use cases are named after the operations of the route table', () => {
  it.each(
    routes
      .filter((route) => artefacts[route.operation] === undefined)
      .map((route) => [routeKey(route), route] as const),
  )('%s is served by the one use case named for its operation', (_, route) => {
    const modules = exporters.get(route.operation) ?? [];
    expect(modules, `shared/app modules exporting \`${route.operation}\``).toHaveLength(1);
    expect(
      importsOf(handlerEntry(route.group)).get(route.operation),
      `where ${handlerEntry(route.group)} imports \`${route.operation}\` from`,
    ).toBe(modules[0]);
  });

  it.each(
    routes
      .filter((route) => artefacts[route.operation] !== undefined)
      .map((route) => [routeKey(route), route] as const),
  )("%s serves the artefact its module exports under the operation's name", async (_, route) => {
    const module = artefacts[route.operation] ?? '';
    expect(Object.keys((await import(join(root, module))) as object)).toContain(route.operation);
  });
});
