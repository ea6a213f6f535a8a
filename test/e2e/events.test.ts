import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { startRelay } from '../../functions/relay/relay';
import { localEnvironment } from '../../localstack/dev-config';
import { parseConfig } from '../../shared/config/config';
import { freePort } from '../support/ports';
import { call, newFamily, signUp, uniqueEmail } from './support/api';
import { eventsOf, protectedSeat } from './support/consent';
import { awaitLogLines } from './support/logs';
import { eventually } from '../support/eventually';
import { linkPerson, pair, pairingReaches } from './support/pairing';
import { fromTheStart, guardianStream, listen, personStream, ticketFor } from './support/streams';

const tableIds = async (accountUid: string) => (await eventsOf(accountUid)).map((item) => String(item['id']));

/** Sends raw bytes to a relay and reads the whole answer until it closes the connection. */
const raw = (bytes: string, base = inject('relayUrl')) =>
  new Promise<string>((done, failed) => {
    const { port, hostname } = new URL(base);
    const socket = connect({ port: Number(port), host: hostname }, () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => done(text));
    socket.on('error', failed);
    socket.setTimeout(5_000, () => failed(new Error('the relay kept the connection open')));
  });

/** A relay task of its own on the stack's table (the stack's stream poller pushes to it too). */
const relayOn = async (settings: Record<string, string> = {}) => {
  const { endpoint, tableName } = inject('stackDynamo');
  const [port, pushPort] = await Promise.all([freePort(), freePort()]);
  const relay = await startRelay(
    parseConfig({
      ...localEnvironment({ DYNAMODB_PORT: 0, WEB_PORT: 0, BUSINESS_PROVIDER_PORT: 0, GATEWAY_PORT: 0 }, {}),
      DYNAMODB_ENDPOINT: endpoint,
      TABLE_NAME: tableName,
      RELAY_PORT: String(port),
      RELAY_PUSH_PORT: String(pushPort),
      LOG_LEVEL: 'ERROR',
      ...settings,
    }),
  );
  return { relay, url: `http://127.0.0.1:${port}` };
};

const unlink = (family: Awaited<ReturnType<typeof protectedSeat>>) =>
  call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });

describe('the guardian’s live stream', () => {
  it('receives the events of a consent-and-pairing flow in order, live and on replay, as the table holds them', async () => {
    const family = await protectedSeat();
    const live = await guardianStream(family.owner.token, family.accountUid);
    await pair(family);
    await live.until((events) => events.some((event) => event.type === 'trial.started'), 'trial.started');
    const afterConnect = (await tableIds(family.accountUid)).filter((id) => id > (live.events[0]?.id ?? ''));
    expect(live.events.map((event) => event.id)).toEqual(
      [live.events[0]?.id, ...afterConnect].slice(0, live.events.length),
    );
    expect(live.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['pairing.status', 'pairing.challenge', 'pairing.paired', 'trial.started']),
    );
    expect(live.events.every((event) => event.seatUid === family.seatUid)).toBe(true);
    expect(live.frameIds).toEqual(live.events.map((event) => event.id));
    // They came by the push path: the table stream's handler woke the relay holding this account.
    const pushes = await awaitLogLines<{ pushed: number }>('stream.fanned_out', (line) => line.pushed > 0, 1);
    expect(pushes.length).toBeGreaterThan(0);
    live.close();

    const replay = await guardianStream(family.owner.token, family.accountUid, fromTheStart);
    const all = await tableIds(family.accountUid);
    await replay.until((events) => events.length === all.length, 'the whole account');
    expect(replay.events.map((event) => event.id)).toEqual(all);
    expect(replay.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['seat.created', 'consent.given', 'seat.activated', 'pairing.paired']),
    );
    replay.close();
    await unlink(family);
  });

  it('resumes after a disconnect with Last-Event-ID: exactly the missed events, no gap, no repeat', async () => {
    const family = await protectedSeat();
    const first = await guardianStream(family.owner.token, family.accountUid);
    await call('POST', `/seats/${family.seatUid}/pairing`, {
      token: family.owner.token,
      body: { channel: 'chat', method: 'qr' },
    });
    await first.until(
      (events) => events.some((event) => event.type === 'pairing.challenge'),
      'the challenge',
    );
    const lastSeen = first.events.at(-1)?.id ?? '';
    first.close();
    await linkPerson(family);
    await pairingReaches(family.owner.token, family.seatUid, 'paired');
    // The warm-up's events follow paired by themselves: once it is done, the account is still.
    await eventually(
      async () =>
        (await call('GET', `/seats/${family.seatUid}/history-import`, { token: family.owner.token })).body
          .data as { status?: string } | undefined,
      (data) => data?.status === 'done',
      'the warm-up done',
    );
    const missed = (await tableIds(family.accountUid)).filter((id) => id > lastSeen);

    const resumed = await guardianStream(family.owner.token, family.accountUid, lastSeen);
    await resumed.until((events) => events.length >= missed.length, 'the missed events');
    expect(resumed.events.map((event) => event.id)).toEqual(missed);
    // The same through the query parameter, for clients that cannot set the header.
    const ticket = await ticketFor(family.owner.token, family.accountUid);
    const byQuery = listen(`/accounts/${family.accountUid}/events?ticket=${ticket}&lastEventId=${lastSeen}`);
    await byQuery.until((events) => events.length >= missed.length, 'the missed events by query');
    expect(byQuery.events.map((event) => event.id)).toEqual(missed);
    resumed.close();
    byQuery.close();
    await unlink(family);
  });

  it('reaches both guardians of the family, and nothing of it reaches another family', async () => {
    const family = await protectedSeat();
    const email = uniqueEmail('second');
    await call('POST', `/accounts/${family.accountUid}/members`, {
      token: family.owner.token,
      body: { email },
    });
    const second = await signUp(email);
    const stranger = await protectedSeat();
    const owners = await guardianStream(family.owner.token, family.accountUid);
    const seconds = await guardianStream(second.token, family.accountUid);
    const strangers = await guardianStream(stranger.owner.token, stranger.accountUid);
    await pair(family);
    await owners.until((events) => events.some((event) => event.type === 'pairing.paired'), 'paired (owner)');
    await seconds.until(
      (events) => events.some((event) => event.type === 'pairing.paired'),
      'paired (guardian)',
    );
    expect(seconds.events.map((event) => event.id)).toEqual(owners.events.map((event) => event.id));
    expect(strangers.events.filter((event) => event.seatUid === family.seatUid)).toEqual([]);
    for (const stream of [owners, seconds, strangers]) stream.close();
    await unlink(family);
  });

  it('ends a removed member’s open stream at once, while the owner’s keeps receiving', async () => {
    const family = await newFamily();
    const email = uniqueEmail('removed');
    const members = `/accounts/${family.accountUid}/members`;
    await call('POST', members, { token: family.owner.token, body: { email } });
    const removed = await signUp(email);
    const listed = await call('GET', members, { token: family.owner.token });
    const removedUid = (listed.body.data as { uid: string; email: string }[]).find(
      (member) => member.email === email,
    )?.uid;
    const owners = await guardianStream(family.owner.token, family.accountUid);
    const theirs = await guardianStream(removed.token, family.accountUid);
    const removal = await call('DELETE', `${members}/${removedUid}`, { token: family.owner.token });
    expect(removal.status).toBe(204);
    await theirs.until(() => theirs.closedByServer(), 'the removed member’s stream to end', 5_000);
    expect(theirs.events.map((event) => event.type)).toEqual(['member.removed']);
    expect(theirs.events[0]?.payload).toEqual({ memberUid: removedUid });
    // The family goes on: the owner's stream receives what comes next, the removed member nothing.
    await call('POST', members, { token: family.owner.token, body: { email: uniqueEmail('next') } });
    await owners.until(
      (events) => events.some((event) => event.type === 'member.added'),
      'the next invitation (owner)',
    );
    expect(owners.events.map((event) => event.type)).toEqual(['member.removed', 'member.added']);
    expect(owners.closedByServer()).toBe(false);
    expect(theirs.events).toHaveLength(1);
    expect(
      (await call('POST', `/accounts/${family.accountUid}/events/ticket`, { token: removed.token })).status,
    ).toBe(404);
    owners.close();
  });

  it('opens only with a fresh ticket of this account: a used, foreign or missing one is 401 in the envelope', async () => {
    const family = await protectedSeat();
    const other = await protectedSeat();
    const ticket = await ticketFor(family.owner.token, family.accountUid);
    const url = (account: string, value: string) =>
      `${inject('relayUrl')}/accounts/${account}/events?ticket=${encodeURIComponent(value)}`;
    const foreign = await fetch(url(family.accountUid, await ticketFor(other.owner.token, other.accountUid)));
    expect(foreign.status).toBe(401);
    expect(await foreign.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    const first = listen(`/accounts/${family.accountUid}/events?ticket=${ticket}`);
    await first.open();
    const reused = await fetch(url(family.accountUid, ticket));
    expect(reused.status).toBe(401);
    expect((await fetch(url(family.accountUid, ''))).status).toBe(401);
    const stranger = await call('POST', `/accounts/${family.accountUid}/events/ticket`, {
      token: other.owner.token,
    });
    expect(stranger.status).toBe(404);
    first.close();
  });

  it('sends a ping frame every SSE_PING_SECONDS', async () => {
    const family = await protectedSeat();
    const stream = await guardianStream(family.owner.token, family.accountUid);
    await stream.until(() => stream.pings() >= 2, 'two pings', 5_000);
    stream.close();
  });
});

describe('the person’s page stream', () => {
  it('carries the seat’s pairing and consent events, never the guardians’ data', async () => {
    const family = await protectedSeat();
    const person = await personStream(family.linkToken);
    const guardian = await guardianStream(family.owner.token, family.accountUid);
    // A guardian-only event of the same account: a member invited.
    await call('POST', `/accounts/${family.accountUid}/members`, {
      token: family.owner.token,
      body: { email: uniqueEmail('other') },
    });
    await pair(family);
    await person.until(
      (events) => events.some((event) => event.type === 'pairing.paired'),
      'paired (person)',
    );
    await guardian.until(
      (events) => events.some((event) => event.type === 'pairing.paired'),
      'paired (guardian)',
    );
    expect(guardian.events.some((event) => event.seatUid === null)).toBe(true);
    expect(person.events.every((event) => event.seatUid === family.seatUid)).toBe(true);
    expect(
      person.events.every((event) =>
        /^(pairing\.|consent\.|seat\.state_changed$|analysis\.warmup$|history\.offered$)/.test(event.type),
      ),
    ).toBe(true);
    expect(person.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['pairing.status', 'pairing.challenge', 'pairing.paired']),
    );
    person.close();
    guardian.close();
    await unlink(family);
  });

  it('counts 30 opens per link in 10 minutes before the token is looked up', async () => {
    const token = 'Z'.repeat(43);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await fetch(`${inject('relayUrl')}/consent-requests/${token}/events`)).status);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('the relay’s HTTP edge', () => {
  const envelopeOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

  it('answers an unknown path or method 404 in the envelope and closes', async () => {
    const unknown = await raw('GET /nothing HTTP/1.1\r\nhost: relay\r\n\r\n');
    expect(unknown).toMatch(/^HTTP\/1\.1 404 /);
    expect(envelopeOf(unknown)).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const posted = await raw(
      'POST /accounts/acc_x/events HTTP/1.1\r\nhost: relay\r\ncontent-length: 0\r\n\r\n',
    );
    expect(posted).toMatch(/^HTTP\/1\.1 404 /);
  });

  it('answers a path with malformed percent-encoding 400 BAD_REQUEST in the envelope', async () => {
    for (const path of ['/accounts/%E0%A4%A/events?ticket=t', '/consent-requests/%E0%A4%A/events']) {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nhost: relay\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(envelopeOf(answer)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    }
    const absolute = await raw('GET http://[::1/health HTTP/1.1\r\nhost: relay\r\n\r\n');
    expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('refuses a malformed request 400, a request with a body 400, and an endless head 431', async () => {
    const malformed = await raw('GET /health\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(malformed)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const folded = await raw('GET /health HTTP/1.1\r\nhost: relay\r\n folded\r\n\r\n');
    expect(folded).toMatch(/^HTTP\/1\.1 400 /);
    const withBody = await raw('GET /health HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n');
    expect(withBody).toMatch(/^HTTP\/1\.1 400 /);
    const endless = await raw(`GET /health HTTP/1.1\r\nx-padding: ${'a'.repeat(9_000)}\r\n`);
    expect(endless).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(endless)).toMatchObject({ error: { code: 'HTTP_ERROR' } });
  });

  it('answers its health check with its status only: the figures are metrics, not public', async () => {
    const health = await fetch(`${inject('relayUrl')}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});

describe('a relay restart', () => {
  it('during a flow loses and repeats nothing: clients are told to reconnect and resume on another task', async () => {
    const family = await protectedSeat();
    const first = await relayOn();
    const before = await guardianStream(family.owner.token, family.accountUid, undefined, first.url);
    await call('POST', `/seats/${family.seatUid}/pairing`, {
      token: family.owner.token,
      body: { channel: 'chat', method: 'qr' },
    });
    await before.until(
      (events) => events.some((event) => event.type === 'pairing.challenge'),
      'the challenge',
    );
    const startedAt = before.events[0]?.id ?? '';
    await first.relay.stop();
    await before.until(() => before.closedByServer(), 'the stream closed by the relay');
    const second = await relayOn();
    await linkPerson(family);
    await pairingReaches(family.owner.token, family.seatUid, 'paired');
    const after = await guardianStream(
      family.owner.token,
      family.accountUid,
      before.events.at(-1)?.id,
      second.url,
    );
    // Paired is visible once the worker's transaction committed: the table holds the whole flow now.
    const expected = (await tableIds(family.accountUid)).filter((id) => id >= startedAt);
    await after.until(
      (events) => before.events.length + events.length >= expected.length,
      'the rest of the flow',
    );
    expect([...before.events, ...after.events].map((event) => event.id)).toEqual(expected);
    after.close();
    await second.relay.stop();
    await unlink(family);
  });
});

describe('a stream’s lifetime', () => {
  it('ends after SSE_MAX_STREAM_SECONDS with a retry hint; resuming with Last-Event-ID loses nothing', async () => {
    const { owner, accountUid } = await newFamily();
    const short = await relayOn({ SSE_MAX_STREAM_SECONDS: '2', SSE_PING_SECONDS: '1' });
    const invite = () =>
      call('POST', `/accounts/${accountUid}/members`, {
        token: owner.token,
        body: { email: uniqueEmail('lifetime') },
      });
    const first = await guardianStream(owner.token, accountUid, undefined, short.url);
    await invite();
    await first.until((events) => events.length === 1, 'the first invitation');
    await first.until(() => first.closedByServer(), 'the end of the stream’s lifetime', 6_000);
    const lastSeen = first.events.at(-1)?.id ?? '';
    // While no stream is open.
    await invite();
    const missed = (await tableIds(accountUid)).filter((id) => id > lastSeen);
    expect(missed).toHaveLength(1);
    const resumed = await guardianStream(owner.token, accountUid, lastSeen, short.url);
    await resumed.until((events) => events.length >= missed.length, 'the missed invitation');
    expect(resumed.events.map((event) => event.id)).toEqual(missed);
    resumed.close();

    // On the wire: the last frame of an expired stream is the retry hint, then the chunked body's end.
    const ticket = await ticketFor(owner.token, accountUid);
    const wire = await raw(
      `GET /accounts/${accountUid}/events?ticket=${ticket} HTTP/1.1\r\nhost: relay\r\n\r\n`,
      short.url,
    );
    expect(wire).toMatch(/^HTTP\/1\.1 200 /);
    expect(wire).toMatch(/retry: 1000\n\n\r\n0\r\n\r\n$/);
    await short.relay.stop();
  });
});
