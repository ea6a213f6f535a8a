/**
 * `npm run eval:anchors`: writes the anchors of every pattern of the analysis
 * (shared/adapters/analysis/categories/anchors.json, committed), the strings a folded text must hold
 * for the pattern to be run and compiled. Run it after changing a category's rules or signals; a
 * unit test fails while the file is stale (a stale file is never wrong, only slower: a pattern it
 * does not know is compiled at load and run on every text).
 */
import { writeFile } from 'node:fs/promises';
import { anchorTable } from './pattern-anchors';

export const ANCHORS_PATH = 'shared/adapters/analysis/categories/anchors.json';

const table = anchorTable();
// One pattern a line: a changed pattern is a changed line.
const lines = Object.entries(table).map(
  ([key, anchors]) => `${JSON.stringify(key)}:${JSON.stringify(anchors)}`,
);
await writeFile(ANCHORS_PATH, `{\n${lines.join(',\n')}\n}\n`);
const anchored = Object.values(table).filter((anchors) => anchors !== null).length;
console.log(`wrote ${ANCHORS_PATH}: ${anchored} of ${Object.keys(table).length} patterns anchored`);
