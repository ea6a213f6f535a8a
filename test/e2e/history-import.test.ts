import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { eventsOf, protectedSeat } from './support/consent';
import { eventually } from '../support/eventually';
import { operator } from './support/operators';
import { linkPerson, pairingReaches, personCall, sessionOf, simulate } from './support/pairing';
import { personStream } from './support/streams';

/** The seat's import as the guardian reads it, once `done` (or whatever `until` waits for). */
const importOf = (
  token: string,
  seatUid: string,
  until: (body: Record<string, unknown>) => boolean,
  deadlineMs = 20_000,
) =>
  eventually(
    async () =>
      ((await call('GET', `/seats/${seatUid}/history-import`, { token })).body.data ?? {}) as Record<
        string,
        unknown
      >,
    until,
    'the history import',
    deadlineMs,
  );

describe('the warm-up: the first history read after the first paired', () => {
  it('reads the seeded history, finds its risks as history, and moves the protection from warming_up to protecting', async () => {
    const family = await protectedSeat();
    const token = family.owner.token;
    expect((await call('GET', `/seats/${family.seatUid}/history-import`, { token })).status).toBe(404);
    const ops = (await operator('operator')).token;
    const overview = async () =>
      (await call('GET', '/admin/overview', { token: ops })).body.data as Record<string, number>;
    const before = await overview();
    await call('POST', `/seats/${family.seatUid}/pairing`, {
      token,
      body: { channel: 'chat', method: 'qr' },
    });
    const session = await sessionOf(family.seatUid);
    // Seeded before pairing, slowed down so the warm-up is seen running.
    await simulate(session, 'history', {
      chats: [
        {
          id: '5511911112222@c.us',
          messages: [{ body: 'oi' }, { body: 'você é ridículo #risk:bullying:medium' }],
        },
        {
          id: '120363000000000001@g.us',
          name: 'Turma',
          messages: [{ body: 'amanhã tem prova' }, { body: 'ok', fromMe: true }],
        },
      ],
    });
    await simulate(session, 'history/pace', { messagesPerSecond: 2 });
    await pairingReaches(token, family.seatUid, 'challenge');
    await linkPerson(family, session);
    await pairingReaches(token, family.seatUid, 'paired');
    const card = await eventually(
      async () =>
        (await call('GET', `/seats/${family.seatUid}/protection`, { token })).body.data as {
          protection: { state: string };
        },
      (body) => body.protection.state === 'warming_up' || body.protection.state === 'needs_you',
      'the warm-up',
      15_000,
    );
    expect(['warming_up', 'needs_you']).toContain(card.protection.state);
    // The backoffice counts the running import with the move that admitted it.
    await eventually(
      overview,
      (counts) => counts['syncsRunning'] === (before['syncsRunning'] ?? 0) + 1,
      'running counted',
    );
    await simulate(session, 'history/pace', {});

    const done = await importOf(token, family.seatUid, (body) => body['status'] === 'done');
    expect(done).toMatchObject({
      seatUid: family.seatUid,
      status: 'done',
      first: true,
      position: null,
      progress: { chats: 2, chatsDone: 2, messages: 4 },
    });
    expect(await overview()).toMatchObject({
      syncsRunning: before['syncsRunning'],
      syncsWaiting: before['syncsWaiting'],
      syncsStuck: before['syncsStuck'],
    });
    const alerts = (await call('GET', `/accounts/${family.accountUid}/alerts`, { token })).body.data as {
      source: string;
      category: string;
    }[];
    expect(alerts.map((alert) => [alert.category, alert.source])).toEqual([['bullying', 'history']]);

    const events = await eventually(
      () => eventsOf(family.accountUid),
      (items) => items.some((item) => item['eventType'] === 'history.finished'),
      'the import events',
    );
    const types = events.map((item) => item['eventType'] as string);
    for (const type of ['history.queued', 'history.started', 'history.finished', 'analysis.warmup'])
      expect(types).toContain(type);
    const phases = events
      .filter((item) => item['eventType'] === 'analysis.warmup')
      .map((item) => (item['payload'] as { phase: string }).phase);
    expect(phases).toEqual(['queued', 'started', 'finished']);
    expect(events.find((item) => item['eventType'] === 'history.finished')?.['payload']).toEqual({
      messages: 4,
      findings: 1,
    });
    const states = events
      .filter((item) => item['eventType'] === 'seat.state_changed')
      .map((item) => (item['payload'] as { state: string }).state);
    expect(states).toContain('warming_up');
    // Never content in an event.
    expect(JSON.stringify(events)).not.toContain('ridículo');

    // Read since the last drop: nothing to read again; nothing in the queue to accept or leave.
    const again = await call('POST', `/seats/${family.seatUid}/history-import`, { token });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ code: 'NOTHING_TO_SYNC' });
    for (const [method, path] of [
      ['POST', `/seats/${family.seatUid}/history-import/accept`],
      ['DELETE', `/seats/${family.seatUid}/history-import`],
    ] as const) {
      const answer = await call(method, path, { token });
      expect(answer.status).toBe(422);
      expect(answer.body.error).toMatchObject({ code: 'NOT_IN_QUEUE' });
    }
    const person = await personCall('POST', `/consent-requests/${family.linkToken}/history-import/accept`);
    expect(person.status).toBe(422);
    expect(person.body.error).toMatchObject({ code: 'NOT_IN_QUEUE' });

    // After a drop and a reconnect, a guardian asks again: a later import, offered, accepted by the person.
    await simulate(session, 'drop');
    // Seen dropped before the restart: a `paired` read before the drop landed would be the old one.
    await pairingReaches(token, family.seatUid, 'degraded');
    await simulate(session, 'server-restart');
    await eventually(
      async () =>
        ((await call('GET', `/seats/${family.seatUid}/pairing`, { token })).body.data ?? {}) as {
          status?: string;
        },
      (body) => body.status === 'paired',
      'paired again',
      20_000,
    );
    // The person learns of the offer on their own stream (their page offers the accept), instants only.
    const personEvents = await personStream(family.linkToken);
    // `paired` may still be the state from before the drop until the session events are handled:
    // until the reconnection is recorded the ask is answered `NOTHING_TO_SYNC`.
    const asked = await eventually(
      () => call('POST', `/seats/${family.seatUid}/history-import`, { token }),
      (answer) => answer.status !== 422 || answer.body.error?.code !== 'NOTHING_TO_SYNC',
      'the reconnection recorded',
      20_000,
    );
    expect(asked.status).toBe(201);
    const offered = await importOf(token, family.seatUid, (body) => body['status'] === 'offered');
    expect(offered).toMatchObject({ first: false, offerExpiresAt: expect.any(String) });
    const told = await personEvents.until(
      (events) => events.some((event) => event.type === 'history.offered'),
      "the offer on the person's stream",
    );
    expect(told.find((event) => event.type === 'history.offered')?.payload).toEqual({
      offerExpiresAt: offered['offerExpiresAt'],
    });
    // The other history.* events stay the guardians'.
    expect(told.map((event) => event.type).filter((type) => type.startsWith('history.'))).toEqual([
      'history.offered',
    ]);
    personEvents.close();
    const twice = await call('POST', `/seats/${family.seatUid}/history-import`, { token });
    expect(twice.status).toBe(200);
    const accepted = await personCall('POST', `/consent-requests/${family.linkToken}/history-import/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'running' });
    await importOf(token, family.seatUid, (body) => body['status'] === 'done');
    await call('DELETE', `/seats/${family.seatUid}/pairing`, { token });
  }, 90_000);
});

describe('history read whole, as the provider pages it', () => {
  it('reads a chat of more than 100 messages past its short pages, counts media, stickers and lost times, analyses only text, and skips status and channels', async () => {
    const family = await protectedSeat();
    const token = family.owner.token;
    await call('POST', `/seats/${family.seatUid}/pairing`, {
      token,
      body: { channel: 'chat', method: 'qr' },
    });
    const session = await sessionOf(family.seatUid);
    // 130 stored: every tenth a reaction and the next an edit (left out of their pages after the
    // pages are sliced), a sticker and a voice note without text, a photo with a caption, two
    // messages whose time the provider lost, one risk.
    const kinds = ['text', 'reaction', 'edit', 'sticker', 'voice', 'image', 'text', 'text', 'text', 'text'];
    const long = Array.from({ length: 130 }, (_, index) => {
      const kind = kinds[index % 10] ?? 'text';
      if (index === 0) return { body: 'você é ridículo #risk:bullying:medium' };
      if (index === 66) return { body: 'sem hora', timestamp: 0 };
      if (index === 77) return { body: 'hora perdida', timestamp: null };
      if (kind === 'voice') return { kind, body: null };
      if (kind === 'image') return { kind, body: `olha ${index}` };
      if (kind === 'sticker') return { kind };
      return kind === 'text' ? { body: `mensagem ${index}`, fromMe: index % 3 === 0 } : { kind, body: '👍' };
    });
    await simulate(session, 'history', {
      chats: [
        { id: '5511911113333@c.us', messages: long },
        { id: '187349265017433@lid', messages: [{ body: 'oi' }, { body: 'tudo bem?' }] },
        { id: 'status@broadcast', messages: [{ body: 'meu status #risk:drugs:high' }] },
        { id: '120363000000000002@newsletter', messages: [{ body: 'um canal #risk:drugs:high' }] },
      ],
    });
    await pairingReaches(token, family.seatUid, 'challenge');
    await linkPerson(family, session);
    await pairingReaches(token, family.seatUid, 'paired');

    // Five pages, each run handing over after its first page on a loaded machine: time to spare.
    const done = await importOf(
      token,
      family.seatUid,
      (body) => ['done', 'failed', 'stuck'].includes(String(body['status'])),
      60_000,
    );
    // 130 stored less 26 reactions and edits: 104 messages, and the @lid chat's 2.
    expect(done).toMatchObject({ status: 'done', progress: { chats: 2, chatsDone: 2, messages: 106 } });
    const alerts = (await call('GET', `/accounts/${family.accountUid}/alerts`, { token })).body.data as {
      source: string;
      category: string;
    }[];
    expect(alerts.map((alert) => [alert.category, alert.source])).toEqual([['bullying', 'history']]);
    const events = await eventually(
      () => eventsOf(family.accountUid),
      (items) => items.some((item) => item['eventType'] === 'history.finished'),
      'the import events',
    );
    expect(events.find((item) => item['eventType'] === 'history.finished')?.['payload']).toEqual({
      messages: 106,
      findings: 1,
    });
    await call('DELETE', `/seats/${family.seatUid}/pairing`, { token });
  }, 90_000);
});
