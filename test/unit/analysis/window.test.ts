import { describe, expect, it } from 'vitest';
import { rulesAnalyzer } from '../../../shared/adapters/analysis/rules-analyzer';
import {
  ANALYSED_HEAD,
  ANALYSED_TAIL,
  analysedText,
  CUT_MARK,
  newMessageOf,
  trimWindow,
  type WindowMessage,
} from '../../../shared/domain/analysis/window';

const messages = (count: number): WindowMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    messageId: `m-${i}`,
    fromMe: i % 2 === 0,
    text: `text ${i}`,
    sentAt: new Date(Date.UTC(2026, 10, 24, 10, i)).toISOString(),
  }));

describe('the analysis window', () => {
  it('keeps the new message and at most the 5 before it', () => {
    const window = trimWindow(messages(9));
    expect(window.map((m) => m.messageId)).toEqual(['m-3', 'm-4', 'm-5', 'm-6', 'm-7', 'm-8']);
    expect(newMessageOf(window)?.messageId).toBe('m-8');
  });

  it('keeps a shorter chat whole', () => {
    expect(trimWindow(messages(3))).toEqual(messages(3));
    expect(trimWindow(messages(6))).toEqual(messages(6));
  });

  it('has no new message when empty', () => {
    expect(trimWindow([])).toEqual([]);
    expect(newMessageOf([])).toBeUndefined();
  });
});

describe('the text an analysis reads', () => {
  const longest = ANALYSED_HEAD + ANALYSED_TAIL;
  const filler = (length: number) => 'bom dia '.repeat(Math.ceil(length / 8)).slice(0, length);

  it('is the whole text up to 4,096 characters', () => {
    expect(longest).toBe(4096);
    expect(analysedText(filler(longest))).toBe(filler(longest));
  });

  it('is the first 3,072 and the last 1,024 characters of a longer text', () => {
    const text = `${'a'.repeat(ANALYSED_HEAD)}${filler(60_000)}${'z'.repeat(ANALYSED_TAIL)}`;
    expect(analysedText(text)).toBe(`${'a'.repeat(ANALYSED_HEAD)}${CUT_MARK}${'z'.repeat(ANALYSED_TAIL)}`);
  });

  it('never cuts a character in two', () => {
    const emoji = '\u{1F600}';
    const text = `${'a'.repeat(ANALYSED_HEAD - 1)}${emoji.repeat(30_000)}`;
    const read = analysedText(text);
    expect(read.startsWith(`${'a'.repeat(ANALYSED_HEAD - 1)}${CUT_MARK}`)).toBe(true);
    expect(read.endsWith(emoji.repeat(ANALYSED_TAIL / 2 - 1))).toBe(true);
    expect(read.isWellFormed()).toBe(true);
  });

  it('is what the window holds of each message', () => {
    const window = trimWindow(messages(6).map((message) => ({ ...message, text: filler(65_536) })));
    expect(window.every((message) => message.text.length <= longest + CUT_MARK.length)).toBe(true);
  });

  it('still holds a risk put after a long paste', async () => {
    const [message] = trimWindow([{ ...messages(1)[0]!, text: `${filler(65_000)} manda nudes` }]);
    const findings = await rulesAnalyzer().assess([message!]);
    expect(findings.map((finding) => finding.category)).toContain('sexual_content');
  });
});
