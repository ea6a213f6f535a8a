import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readWahaEvent } from '../../../shared/adapters/session-provider/waha-events';

/** WAHA's webhook bodies as it publishes them (test/fixtures/providers). */
const fixtures = new URL('../../fixtures/providers/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, fixtures), 'utf8');
const withFields = (name: string, fields: Record<string, unknown>) =>
  JSON.stringify({ ...(JSON.parse(fixture(name)) as object), ...fields });
const statusFixtures = readdirSync(fixtures).filter((name) => name.startsWith('waha-session-status-'));

const envelope = {
  id: 'evt_01kyd4qpcg8e2y5h9c3w6t1a4g',
  event: 'session.status',
  session: 'tnt0042-main',
  seatUid: null,
};

describe("WAHA's webhook bodies, read once by the adapter", () => {
  it.each(statusFixtures)('reads %s as the status it reports', (name) => {
    const body = JSON.parse(fixture(name)) as { payload: { status: string } };
    expect(readWahaEvent(fixture(name))).toMatchObject({ kind: 'status', status: body.payload.status });
  });

  it('reads a status with where it comes from, the account linked, the instant and the number to compare', () => {
    expect(
      readWahaEvent(withFields('waha-session-status-WORKING.json', { metadata: { seatUid: 'st_x' } })),
    ).toEqual({
      kind: 'status',
      envelope: { ...envelope, seatUid: 'st_x' },
      status: 'WORKING',
      code: null,
      me: {
        id: '5511987654321@c.us',
        lid: '187349265017433@lid',
        jid: '5511987654321:14@s.whatsapp.net',
      },
      reportedAt: new Date(1785000090000).toISOString(),
    });
    expect(readWahaEvent(fixture('waha-session-status-PASSKEY_CONFIRMATION_REQUIRED.json'))).toMatchObject({
      status: 'PASSKEY_CONFIRMATION_REQUIRED',
      code: '4817',
      me: null,
    });
  });

  it('reads what an older provider leaves out as unknown: the id, the instant, the metadata, any part of `me`', () => {
    const {
      id: _id,
      timestamp: _at,
      metadata: _meta,
      ...bare
    } = JSON.parse(fixture('waha-session-status-WORKING-me-without-id.json')) as Record<string, unknown>;
    expect(readWahaEvent(JSON.stringify(bare))).toMatchObject({
      kind: 'status',
      envelope: { id: null, seatUid: null },
      me: { id: null, lid: null, jid: null },
      reportedAt: null,
    });
    for (const me of [null, 'nonsense', { id: 42 }])
      expect(readWahaEvent(withFields('waha-session-status-WORKING.json', { me }))).toMatchObject({
        kind: 'status',
        me: me === null || typeof me === 'string' ? null : { id: null },
      });
  });

  it('reads `message` and `message.any` as the same message, the fields the service reads and no other', () => {
    const incoming = readWahaEvent(fixture('waha-message.json'));
    expect(incoming).toEqual({
      kind: 'message',
      envelope: {
        id: 'evt_01kyd4rkp04d7g1j3m6q9t2w5z',
        event: 'message',
        session: 'tnt0042-main',
        seatUid: null,
      },
      message: {
        id: 'false_5521998765432@c.us_3EB0A7C41D92F05E6B18',
        timestamp: 1785000119,
        from: '5521998765432@c.us',
        to: '5511987654321@c.us',
        fromMe: false,
        body: 'Olá! Sim, autorizo o contato.',
      },
      me: {
        id: '5511987654321@c.us',
        lid: '187349265017433@lid',
        jid: '5511987654321:14@s.whatsapp.net',
      },
    });
    expect(readWahaEvent(fixture('waha-message-any.json'))).toMatchObject({
      kind: 'message',
      envelope: { event: 'message.any' },
      message: { fromMe: true, to: null },
    });
    // Media without a caption: no body, read as none.
    const { body: _body, ...media } = (JSON.parse(fixture('waha-message.json')) as { payload: object })
      .payload as Record<string, unknown>;
    expect(readWahaEvent(withFields('waha-message.json', { payload: media }))).toMatchObject({
      kind: 'message',
      message: { body: null },
    });
  });

  it('gives no envelope for what is no event: the gateway refuses it', () => {
    for (const [body, reason] of [
      ['not json', 'not_json'],
      ['[]', 'no_envelope'],
      ['{"hello":"world"}', 'no_envelope'],
      [JSON.stringify({ event: 'session.status', session: 's', payload: [] }), 'no_envelope'],
      [withFields('waha-session-status-WORKING.json', { session: 'x'.repeat(201) }), 'no_envelope'],
    ])
      expect(readWahaEvent(body ?? '')).toEqual({ kind: 'unusable', reason, envelope: null });
  });

  it('keeps the envelope of an event it does not read, so the worker counts it, with a stable reason', () => {
    expect(readWahaEvent(withFields('waha-message.json', { event: 'message.ack' }))).toMatchObject({
      kind: 'unusable',
      reason: 'not_subscribed',
      envelope: { event: 'message.ack', session: 'tnt0042-main' },
    });
    const status = (payload: object) => withFields('waha-session-status-WORKING.json', { payload });
    for (const body of [
      status({ status: 'DISCONNECTED' }),
      status({}),
      withFields('waha-session-status-WORKING.json', { metadata: 'st_x' }),
      withFields('waha-session-status-WORKING.json', { timestamp: '1785000090000' }),
      withFields('waha-message.json', { payload: { id: 'm1', timestamp: 1, fromMe: 'no' } }),
    ])
      expect(readWahaEvent(body)).toMatchObject({
        kind: 'unusable',
        reason: 'malformed',
        envelope: { session: 'tnt0042-main' },
      });
  });

  it('reads a time no date holds as malformed, never as a crash of the worker that would retry it', () => {
    expect(readWahaEvent(withFields('waha-session-status-WORKING.json', { timestamp: 1e300 }))).toMatchObject(
      {
        kind: 'unusable',
        reason: 'malformed',
      },
    );
    const message = JSON.parse(fixture('waha-message.json')) as { payload: object };
    expect(
      readWahaEvent(withFields('waha-message.json', { payload: { ...message.payload, timestamp: 1e300 } })),
    ).toMatchObject({ kind: 'unusable', reason: 'malformed' });
  });
});
