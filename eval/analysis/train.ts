/**
 * `npm run eval:train`: trains the message classifier on the dev split of eval/analysis/windows,
 * chooses its thresholds by cross-validation on dev, and writes
 * shared/adapters/analysis/model/classifier.json (committed; a rerun on the same set writes the same
 * file). Never reads the held-out windows' text: they are dropped before anything else.
 */
import { writeFile } from 'node:fs/promises';
import { trainWithThresholds } from './classifier-training';
import { loadEvalSet } from './eval-set';
import { windowsOf } from './score';

export const MODEL_PATH = 'shared/adapters/analysis/model/classifier.json';

const dev = windowsOf(await loadEvalSet('eval/analysis/windows'), 'dev');
const model = await trainWithThresholds(dev);
await writeFile(MODEL_PATH, JSON.stringify(model) + '\n');
console.log(`wrote ${MODEL_PATH}: ${Object.keys(model.weights).length} features`);
console.log(JSON.stringify(model.header, null, 2));
