import { describe, expect, it } from 'vitest';
import { examplesOf, trainClassifier } from '../../../eval/analysis/classifier-training';
import { HELD_OUT_ROUND, loadEvalSet, splitOf, type EvalWindow } from '../../../eval/analysis/eval-set';
import { windowsOf } from '../../../eval/analysis/score';
import type { ClassifierModel } from '../../../shared/adapters/analysis/message-classifier';
import committed from '../../../shared/adapters/analysis/model/classifier.json' with { type: 'json' };

const window = (id: string, texts: string[], expected: EvalWindow['expected'] = []): EvalWindow => ({
  id,
  lang: 'pt-BR',
  messages: texts.map((text) => ({ from: 'contact', text })),
  expected,
});

describe('training the message classifier', () => {
  it('makes the carrying messages positives, ordinary messages negatives, and leaves the rest out', () => {
    const examples = examplesOf([
      window('ordinary-chat-0001', ['bom dia', 'tudo certo']),
      window(
        'scam-0001',
        ['oi', 'faz um pix', 'rapido'],
        [{ category: 'scam', minSeverity: 'high', message: 1 }],
      ),
    ]);
    expect(examples.map((e) => e.positives)).toEqual([[], [], ['scam']]);
  });

  it('refuses a held-out window', () => {
    const heldOut = Array.from({ length: 100 }, (_, n) => `ordinary-chat-${String(n).padStart(4, '0')}`).find(
      (id) => splitOf({ id, round: HELD_OUT_ROUND }) === 'holdout',
    );
    expect(heldOut).toBeDefined();
    expect(() => trainClassifier([{ ...window(heldOut!, ['bom dia']), round: HELD_OUT_ROUND }])).toThrow(
      /dev split only/,
    );
  });

  it('reproduces the committed model from the dev split', async () => {
    const model = committed as ClassifierModel;
    const dev = windowsOf(await loadEvalSet('eval/analysis/windows'), 'dev');
    const { thresholds, crossValidated } = model.header;
    expect(trainClassifier(dev, undefined, { thresholds, crossValidated })).toEqual(model);
  }, 300_000);
});
