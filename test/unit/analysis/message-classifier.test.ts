import { describe, expect, it } from 'vitest';
import {
  ANY_RISK,
  classifier,
  classifierFindings,
  featuresOf,
  messageClassifier,
} from '../../../shared/adapters/analysis/message-classifier';
import committed from '../../../shared/adapters/analysis/model/classifier.json' with { type: 'json' };
import type { ClassifierModel } from '../../../shared/adapters/analysis/message-classifier';
import { riskCategories } from '../../../shared/domain/analysis/finding';
import type { WindowMessage } from '../../../shared/domain/analysis/window';

const chat = (...texts: string[]): WindowMessage[] =>
  texts.map((text, n) => ({
    messageId: `m-${n}`,
    fromMe: false,
    text,
    sentAt: `2026-11-24T10:0${n}:00.000Z`,
  }));

describe('the message classifier', () => {
  it('reads folded words, word pairs and character 3-5-grams within words', () => {
    const features = featuresOf('Vc TÁ?');
    expect(features).toEqual(
      expect.arrayContaining(['w:vc', 'w:ta', 'b:vc ta', 'c:<vc', 'c:<vc>', 'c:vc>', 'c:<ta>']),
    );
    expect(features.filter((f) => f.startsWith('c:') && f.length - 2 > 5)).toEqual([]);
    expect(featuresOf('')).toEqual([]);
  });

  it('scores every category and some risk between 0 and 1, the same every time', () => {
    const text = 'oi, tudo bem? me manda o link da aula';
    const scores = classifier.scores(text);
    expect(Object.keys(scores).sort()).toEqual([...riskCategories, ANY_RISK].sort());
    for (const value of Object.values(scores)) expect(value).toBeGreaterThanOrEqual(0);
    for (const value of Object.values(scores)) expect(value).toBeLessThanOrEqual(1);
    expect(messageClassifier(committed as ClassifierModel).scores(text)).toEqual(scores);
    expect(messageClassifier(committed as ClassifierModel, { remember: true }).scores(text)).toEqual(scores);
  });

  it('scores a window by its new message, and an empty window 0', () => {
    const window = chat('bom dia', 'vamos jogar hoje?');
    expect(classifier.windowScore(window, 0)).toBe(classifier.scores('vamos jogar hoje?')[ANY_RISK]);
    expect(classifier.windowScore([])).toBe(0);
  });

  it('finds a category at medium severity on the new message when its score reaches the threshold', () => {
    const window = chat('oi', 'tudo bem?');
    expect(classifierFindings(classifier, 0, window)).toEqual(
      riskCategories.map((category) =>
        expect.objectContaining({ category, severity: 'medium', messageId: 'm-1' }),
      ),
    );
    expect(classifierFindings(classifier, 1.01, window)).toEqual([]);
    expect(classifierFindings(classifier, 0, [])).toEqual([]);
  });
});
