import { describe, expect, it } from 'vitest';
import {
  chatOf,
  readProviderMessage,
  type ReportedMessage,
} from '../../../shared/domain/pairing/provider-message';

const own = ['5511987654321@c.us', '187349265017433@lid', '5511987654321:14@s.whatsapp.net'];
const reported = (fields: Partial<ReportedMessage>): ReportedMessage => ({
  id: 'false_5521998765432@c.us_3EB0',
  timestamp: 1785000119,
  from: '5521998765432@c.us',
  to: null,
  fromMe: false,
  body: 'oi',
  ...fields,
});

describe('the chat of a message', () => {
  it.each([
    ['an incoming message (GOWS: to null)', { from: '5521998765432@c.us', to: null, fromMe: false }],
    [
      'an incoming message naming one’s own id in to',
      { from: '5521998765432@c.us', to: '5511987654321@c.us' },
    ],
    [
      'one’s own message, GOWS (the chat in from, to null)',
      { from: '5521998765432@c.us', to: null, fromMe: true },
    ],
    [
      'one’s own message with one’s id in from',
      { from: '5511987654321@c.us', to: '5521998765432@c.us', fromMe: true },
    ],
    [
      'one’s own message with one’s device jid in from',
      { from: '5511987654321:14@s.whatsapp.net', to: '5521998765432@c.us', fromMe: true },
    ],
  ])('is the other person for %s', (_, fields) => {
    expect(chatOf(reported(fields), own)).toBe('5521998765432@c.us');
  });

  it('is the group when one is named, whoever wrote', () => {
    expect(chatOf(reported({ from: '1203630@g.us', to: null }), own)).toBe('1203630@g.us');
    expect(chatOf(reported({ from: '5511987654321@c.us', to: '1203630@g.us', fromMe: true }), own)).toBe(
      '1203630@g.us',
    );
  });

  it('is a linked id as it comes (never read as a phone)', () => {
    expect(chatOf(reported({ from: '99887766@lid' }), own)).toBe('99887766@lid');
  });

  it('without one’s own ids: the sender of an incoming message, the recipient of one’s own', () => {
    expect(chatOf(reported({ from: '5521998765432@c.us', to: '5511987654321@c.us' }), [])).toBe(
      '5521998765432@c.us',
    );
    expect(chatOf(reported({ from: '5511987654321@c.us', to: '5521998765432@c.us', fromMe: true }), [])).toBe(
      '5521998765432@c.us',
    );
  });
});

describe('the message the service reads', () => {
  it('carries the id, chat, direction, time and text', () => {
    expect(readProviderMessage(reported({ body: 'oi 😍 tudo bem' }), own)).toEqual({
      id: 'false_5521998765432@c.us_3EB0',
      chat: '5521998765432@c.us',
      fromMe: false,
      timestamp: 1785000119,
      text: 'oi 😍 tudo bem',
    });
  });

  it('drops status updates, broadcast lists and channels, and reads a contact’s @lid chat', () => {
    for (const chat of ['status@broadcast', '1730000000@broadcast', '120363000000000002@newsletter'])
      expect(readProviderMessage(reported({ from: chat }), own), chat).toBeNull();
    expect(readProviderMessage(reported({ from: '99887766554433@lid' }), own)?.chat).toBe(
      '99887766554433@lid',
    );
  });

  it('drops status broadcasts, messages without text and a chat it cannot tell', () => {
    expect(readProviderMessage(reported({ from: 'status@broadcast' }), own)).toBeNull();
    expect(readProviderMessage(reported({ body: null }), own)).toBeNull();
    expect(readProviderMessage(reported({ body: '' }), own)).toBeNull();
    expect(
      readProviderMessage(reported({ from: '5511987654321@c.us', to: null, fromMe: true }), own),
    ).toBeNull();
  });
});
