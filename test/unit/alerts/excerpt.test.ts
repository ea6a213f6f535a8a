import { describe, expect, it } from 'vitest';
import {
  cutAtWord,
  maskContacts,
  minimalExcerpt,
  type OpenedMessage,
} from '../../../shared/domain/alerts/excerpt';

const message = (messageId: string, minute: number, fields: Partial<OpenedMessage> = {}): OpenedMessage => ({
  messageId,
  fromMe: false,
  sentAt: `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`,
  text: `text of ${messageId}`,
  ...fields,
});

describe('the minimal excerpt', () => {
  it('keeps only the messages that carry the alert’s findings', () => {
    const opened = [message('m1', 1), message('m2', 2), message('m3', 3)];
    const excerpt = minimalExcerpt('al_1', ['m1', 'm3'], opened);
    expect(excerpt).toEqual({
      alertUid: 'al_1',
      messages: [
        { from: 'contact', sentAt: '2026-11-22T10:01:00.000Z', text: 'text of m1' },
        { from: 'contact', sentAt: '2026-11-22T10:03:00.000Z', text: 'text of m3' },
      ],
    });
  });

  it('keeps at most the 3 most recent, oldest first', () => {
    const opened = [message('m4', 4), message('m1', 1), message('m5', 5), message('m2', 2), message('m3', 3)];
    const excerpt = minimalExcerpt('al_1', ['m1', 'm2', 'm3', 'm4', 'm5'], opened);
    expect(excerpt.messages.map((kept) => kept.text)).toEqual(['text of m3', 'text of m4', 'text of m5']);
  });

  it('says a message is from the dependent or a contact, never who', () => {
    const excerpt = minimalExcerpt(
      'al_1',
      ['m1', 'm2'],
      [message('m1', 1, { fromMe: true }), message('m2', 2)],
    );
    expect(excerpt.messages.map((kept) => kept.from)).toEqual(['dependent', 'contact']);
    expect(Object.keys(excerpt.messages[0] ?? {})).toEqual(['from', 'sentAt', 'text']);
  });

  it('masks phone numbers and e-mail addresses and cuts long texts', () => {
    const text = `me liga no (11) 91234-5678 ou escreve pra ana.souza+escola@gmail.com ${'palavra '.repeat(40)}`;
    const [kept] = minimalExcerpt('al_1', ['m1'], [message('m1', 1, { text })]).messages;
    expect(kept?.text).toMatch(/^me liga no \[phone\] ou escreve pra \[email\] palavra/);
    expect(kept?.text.endsWith('palavra…')).toBe(true);
    expect(Array.from(kept?.text ?? '').length).toBeLessThanOrEqual(280);
  });

  it('is gone (EXCERPT_GONE, 422) when none of its messages is left', () => {
    expect(() => minimalExcerpt('al_1', ['m1'], [message('m2', 2)])).toThrow(
      expect.objectContaining({ code: 'EXCERPT_GONE', status: 422 }),
    );
  });
});

describe('texts in an excerpt', () => {
  it('stay whole up to 280 characters', () => {
    const text = 'a'.repeat(280);
    expect(cutAtWord(text)).toBe(text);
  });

  it('are cut at a word boundary with … past 280 characters, 280 at most', () => {
    const words = 'word '.repeat(55); // 275 characters
    expect(cutAtWord(`${words}tail end`)).toBe(`${words}tail…`);
    expect(cutAtWord(`${words}tailpiece`)).toBe(`${words.trimEnd()}…`);
    expect(cutAtWord(`${words}tail end`).length).toBeLessThanOrEqual(280);
  });

  it('never cut inside a word when a boundary exists', () => {
    const text = `${'x'.repeat(270)} abcdefghijklmnopqrstuvwxyz`;
    expect(cutAtWord(text)).toBe(`${'x'.repeat(270)}…`);
  });

  it('cut a single word longer than the limit inside it', () => {
    expect(cutAtWord('y'.repeat(300))).toBe(`${'y'.repeat(279)}…`);
  });

  it('count emoji as one character and never split one', () => {
    const text = '😀'.repeat(300);
    const cut = cutAtWord(text);
    expect(Array.from(cut)).toHaveLength(280);
    expect(cut).toBe(`${'😀'.repeat(279)}…`);
  });
});

describe('masking', () => {
  it.each([
    '+55 11 91234-5678',
    '+5511912345678',
    '+55 (11) 91234-5678',
    '+55 (11) 3456-7890',
    '55 11 91234 5678',
    '5511912345678',
    '(11) 91234-5678',
    '(11)91234-5678',
    '11 91234-5678',
    '11 9 1234-5678',
    '11912345678',
    '91234-5678',
    '3456-7890',
    '(021) 99876.5432',
    '+1 415 555 0100',
  ])('replaces the phone number %s with [phone]', (phone) => {
    expect(maskContacts(`liga ${phone} hoje`)).toBe('liga [phone] hoje');
  });

  it.each(['ana@gmail.com', 'ana.souza@escola.com.br', 'ana.souza+escola@gmail.com', 'joão_2010@mail.br'])(
    'replaces the e-mail address %s with [email]',
    (email) => {
      expect(maskContacts(`escreve para ${email}.`)).toBe('escreve para [email].');
    },
  );

  it('masks every contact in a text', () => {
    expect(maskContacts('11 91234-5678, 21 98765-4321 e a@b.co')).toBe('[phone], [phone] e [email]');
  });

  it.each(['em 2026-11-22 às 10:30', 'custa R$ 1.500,00', 'sala 1234', 'nota 9,5 de 10', 'o código 123456'])(
    'leaves what is not a contact alone: %s',
    (text) => {
      expect(maskContacts(text)).toBe(text);
    },
  );
});
