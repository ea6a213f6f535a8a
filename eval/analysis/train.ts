/**
 * `npm run eval:train [-- --windows <dir> --out <file>]`: trains the window classifier on the dev
 * split of the set (eval/analysis/windows by default), chooses its thresholds by cross-validation on
 * dev, and writes the model (shared/adapters/analysis/model/window-classifier.json by default, its
 * input weights beside it in window-classifier.weights: committed; a rerun on the same set writes the same file). Never reads the held-out windows' text:
 * they are dropped before anything else.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { weightsFileOf } from '../../shared/adapters/analysis/window-classifier';
import { trainWithThresholds } from './classifier-training';
import { loadEvalSet } from './eval-set';
import { windowsOf } from './score';

export const MODEL_PATH = 'shared/adapters/analysis/model/window-classifier.json';

const { values: args } = parseArgs({
  options: {
    windows: { type: 'string', default: 'eval/analysis/windows' },
    out: { type: 'string', default: MODEL_PATH },
  },
});
const started = performance.now();
const dev = windowsOf(await loadEvalSet(args.windows), 'dev');
const model = await trainWithThresholds(dev);
const { inputWeights, ...file } = model;
await writeFile(args.out, JSON.stringify(file) + '\n');
await writeFile(weightsFileOf(args.out), inputWeights);
console.log(
  `wrote ${args.out} and ${weightsFileOf(args.out)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log(JSON.stringify(model.header, null, 2));
