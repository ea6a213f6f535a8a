import { describe, expect, it } from 'vitest';
import { newMessageOf, trimWindow, type WindowMessage } from '../../../shared/domain/analysis/window';

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
