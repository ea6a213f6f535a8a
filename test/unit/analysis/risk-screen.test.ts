import { describe, expect, it } from 'vitest';
import { classifier } from '../../../shared/adapters/analysis/window-classifier';
import {
  CLASSIFIER_SCREEN_THRESHOLD,
  riskScreen,
  riskScreenAt,
  screenScore,
  SCREEN_THRESHOLD,
} from '../../../shared/adapters/analysis/risk-screen';
import type { WindowMessage } from '../../../shared/domain/analysis/window';

const chat = (...texts: string[]): WindowMessage[] =>
  texts.map((text, n) => ({
    messageId: `m-${n}`,
    fromMe: n % 2 === 1,
    text,
    sentAt: `2026-11-24T10:0${n}:00.000Z`,
  }));

describe('the risk screen', () => {
  it.each([
    ['a rule of the analyzer alone', ['não conta pros seus pais']],
    ['a strong signal word', ['isso fica só entre a gente']],
    ['two weak signals of one category', ['vamos pro telegram, lá é mais privado']],
    ['two weak signals in the new message', ['manda o link urgente']],
    [
      'a weak signal with a strong one of the same category earlier',
      ['eu troquei de número', 'oi?', 'manda o link'],
    ],
    ['an indirect self-harm statement', ['acho que vou sumir de vez']],
    ['accents and case folded', ['Não aguento MAIS']],
    ['a fight arranged, then only its place', ['bora resolver isso no braço', 'fechou', 'atrás da quadra']],
    ['a slur spelt around a filter', ['sai daqui seu v1ado']],
    ['a threat whose last step is plain words', ['you are dead', 'lol', "don't bother running"]],
  ])('passes %s', (_, texts) => {
    expect(riskScreen(chat(...texts))).toBe(true);
  });

  it.each([
    ['an ordinary message', ['bom dia, que horas vc chega?']],
    ['one weak signal', ['manda o link da aula']],
    ['everyday words that also name risks', ['mãe me faz um pix pro lanche']],
    ['an exclamation', ['que droga, perdi o ônibus']],
    [
      'a window whose new message carries no signal, whatever came before',
      ['faz um pix pra mim', 'ok', 'valeu'],
    ],
    ['a weak signal whose companion was only in another category', ['que jogo lindo', 'manda foto']],
    ['an empty window', []],
    ['game banter', ['vou te destruir no x1']],
    ['a crime in the news', ['viu o tiroteio no jornal?']],
    ['a plain message after one risky word', ['que faca boa pra churrasco', 'quando ele dormir eu aviso']],
  ])('lets by %s', (_, texts) => {
    expect(riskScreen(chat(...texts))).toBe(false);
  });

  it('passes a plain message after strong signals in two earlier messages', () => {
    expect(riskScreen(chat('isso fica só entre a gente', 'tá', 'vc é bem madura', 'ok'))).toBe(true);
  });

  it("counts a word repeated once among the rules' signals", () => {
    // The signals alone: the classifier reads a bare link repeated as it likes (the model of round 5 passes it).
    expect(screenScore(chat('link link link'))).toBe(screenScore(chat('link')));
    expect(screenScore(chat('link link link'))).toBeLessThan(SCREEN_THRESHOLD);
  });

  it("passes a window the rules let by when the classifier's score reaches its threshold", () => {
    const window = chat('bom dia');
    expect(screenScore(window)).toBeLessThan(SCREEN_THRESHOLD);
    expect(riskScreenAt(SCREEN_THRESHOLD, 0)(window)).toBe(true);
    expect(riskScreenAt(SCREEN_THRESHOLD, 1.01)(window)).toBe(false);
    expect(riskScreen(window)).toBe(classifier.screenScore(window) >= CLASSIFIER_SCREEN_THRESHOLD);
  });

  // The price of the classifier's recall: about 4% of ordinary messages pass, this one among them
  // (a contact asking for a photo is how many of the set's grooming steps begin). Bedrock decides it
  // is nothing.
  it('passes an ordinary message the classifier mistakes, which the rules let by', () => {
    const window = chat('quando volta pra escola?');
    expect(screenScore(window)).toBeLessThan(SCREEN_THRESHOLD);
    expect(riskScreen(window)).toBe(true);
  });
});
