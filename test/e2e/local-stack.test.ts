import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { consumers, type ConsumerName } from '../../infra/consumers';
import { devSecrets } from '../../localstack/dev-config';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { eventToItem, supplyOrderToItem } from '../../shared/adapters/dynamo/items';
import { cryptoIds } from '../../shared/adapters/crypto/node-crypto';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoMessageStore } from '../../shared/adapters/dynamo/message.store';
import { dynamoRelayRegistry } from '../../shared/adapters/dynamo/relay-registry';
import type { Seat } from '../../shared/domain/family/seat';
import { topicKey } from '../../shared/domain/events/streams';
import { eventually } from '../support/eventually';
import { startLocalStack } from '../support/local-stack';
import { protectedSeat as storedProtectedSeat, seatWithPairing } from '../support/seats';
import { seatKeysIn } from '../support/seat-keys';
import { seatKeysTableOf } from '../support/table';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { newImport, queueEntryOf } from '../../shared/domain/history/history-import';
import { call, deliveriesSoFar, nextDelivery, uniqueEmail, uniqueIp } from './support/api';
import { askedFamily, protectedSeat, stackTable } from './support/consent';
import { awaitLogLines } from './support/logs';
import { pair, pairingReaches, sessionsOf, simulate } from './support/pairing';
import { operator } from './support/operators';
import { startLoopbackProxy } from '../../localstack/simulators/loopback-proxy';

const answers = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start', () => {
  it('prints its URLs and ready, serves the API, and stops every child on Ctrl-C', async () => {
    const stack = await startLocalStack();
    expect((await fetch(`${stack.apiUrl}/health`)).status).toBe(200);
    expect(await answers(stack.dynamoEndpoint)).toBe(true);
    // The consent page, built when missing or stale, on WEB_PORT.
    const page = await fetch(`${stack.webUrl}/c/any-token`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    await stack.stop();
    expect(stack.process.exitCode).toBe(0);
    // DynamoDB Local, a Java child, is gone too: nothing answers on its port.
    await eventually(
      () => answers(stack.dynamoEndpoint),
      (up) => !up,
      'DynamoDB Local to stop',
      10_000,
    );
    expect(await answers(stack.apiUrl)).toBe(false);
    expect(await answers(stack.webUrl)).toBe(false);
  });

  it('refuses to start on a bad configuration value, naming the variable', async () => {
    await expect(startLocalStack({ OTP_TTL_SECONDS: 'ten' })).rejects.toThrow(/OTP_TTL_SECONDS/);
  });
});

describe('the consumers table, locally (infra/consumers.ts)', () => {
  const fixture = (name: string) =>
    readFileSync(new URL(`../fixtures/providers/${name}`, import.meta.url), 'utf8');
  const hmac = (algorithm: string, key: string, body: string) =>
    createHmac(algorithm, key).update(body).digest('hex');
  /** The seat's session `WORKING` as the person's own number, signed as the provider signs it, to a gateway. */
  const sendWorking = (gatewayUrl: string, seat: Seat) => {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      event: 'session.status',
      session: seat.pairing?.sessionName,
      metadata: { seatUid: seat.uid },
      me: { id: '5511987654321@c.us' },
      payload: { status: 'WORKING' },
    });
    return fetch(`${gatewayUrl}/webhooks/session-provider`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-hmac': hmac('sha512', devSecrets.SESSION_PROVIDER_WEBHOOK_SECRET, body),
      },
      body,
    });
  };
  const webhook = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${inject('gatewayUrl')}/webhooks/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  /**
   * A stack whose timers move in seconds, for the rows that wait on a schedule: trials of a day, and
   * a history queue of one slot, offers of a second, stuck after a second. A later import waits in
   * the queue, and a seat's first `paired` (a signed WORKING) admits the head: the later import is
   * offered, lapses, and the warm-up runs on a session whose history reads fail, so it is stuck.
   * One such stack serves every one of those rows: each starts in about ten seconds.
   */
  let historyStarted: ReturnType<typeof startHistoryStack> | undefined;
  const historyStack = () => (historyStarted ??= startHistoryStack());
  const startHistoryStack = async () => {
    const stack = await startLocalStack({
      TRIAL_DAYS: '1',
      HISTORY_IMPORT_SLOTS: '1',
      HISTORY_OFFER_TTL_SECONDS: '1',
      HISTORY_STUCK_SECONDS: '1',
    });
    const table = createTableAccess({
      tableName: stack.tableName,
      region: 'sa-east-1',
      endpoint: stack.dynamoEndpoint,
    });
    const ids = cryptoIds();
    const families = dynamoFamilyStore(table);
    const seatKeys = localSeatKeys(devSecrets.LOCAL_MASTER_KEY);
    const later = await storedProtectedSeat(table, ids, new Date(), seatKeys);
    const waiting = newImport({ importId: ids.ulid(), first: false, now: new Date() });
    await families.saveSeat({ ...later, historyImport: waiting }, [], {
      history: { join: queueEntryOf(later.uid, waiting) },
    });
    const paired = await storedProtectedSeat(table, ids, new Date(), seatKeys);
    const connecting = await families.saveSeat(
      {
        ...paired,
        pairing: paired.pairing === null ? null : { ...paired.pairing, status: 'connecting', pairedAt: null },
      },
      [],
    );
    // Its provider fails every history read (a passing outage): the run is tried again, never
    // moves, and the stuck check finds it. (A session the provider does not have would end it.)
    const sessionName = connecting.pairing?.sessionName ?? '';
    const outage = await fetch(
      `${stack.sessionProviderUrl}/_sim/sessions/${encodeURIComponent(sessionName)}/history/fail`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 503 }),
      },
    );
    expect(outage.status).toBe(200);
    expect((await sendWorking(stack.gatewayUrl, connecting)).status).toBe(200);
    const logged = (message: string, seatUid: string, outcome: string) =>
      eventually(
        async () =>
          (await readFile(stack.logFile, 'utf8'))
            .split('\n')
            .filter((line) => line.includes(`"message":"${message}"`) && line.includes(seatUid))
            .map((line) => JSON.parse(line) as { outcome?: string }),
        (lines) => lines.some((line) => line.outcome === outcome),
        message,
        30_000,
      );
    return { stack, later, warming: connecting, logged };
  };
  afterAll(async () => {
    if (historyStarted !== undefined) await (await historyStarted).stack.stop();
  });

  /** For each row, something it consumes, sent the way production sends it, seen by its handler. */
  const reachesItsHandler: Record<ConsumerName, () => Promise<void>> = {
    // A signed session webhook, through the gateway and the FIFO queue, to the session-events worker.
    async sessionEvents() {
      const id = `evt_${randomUUID()}`;
      const body = JSON.stringify({
        ...(JSON.parse(fixture('waha-session-status-WORKING.json')) as object),
        id,
        session: `sess_unknown_${randomUUID()}`,
      });
      const sent = await webhook('session-provider', body, {
        'x-webhook-hmac': hmac('sha512', devSecrets.SESSION_PROVIDER_WEBHOOK_SECRET, body),
      });
      expect(sent.status).toBe(200);
      const handled = await awaitLogLines<{ eventId: string }>(
        'session_event.handled',
        (l) => l.eventId === id,
        1,
      );
      expect(handled).toHaveLength(1);
    },
    // A signed delivery receipt, through the gateway and the standard queue, to the business-events worker.
    async businessEvents() {
      const entryId = `wamid.${randomUUID()}`;
      const body = fixture('meta-statuses.json').replace(/"id": "wamid\.[^"]+"/, `"id": "${entryId}"`);
      expect(body).toContain(entryId);
      const sent = await webhook('business-provider', body, {
        'x-hub-signature-256': `sha256=${hmac('sha256', devSecrets.BUSINESS_PROVIDER_APP_SECRET, body)}`,
      });
      expect(sent.status).toBe(200);
      const handled = await awaitLogLines<{ entryId?: string }>(
        'business_event.handled',
        (line) => line.entryId === entryId,
        1,
      );
      expect(handled).toHaveLength(1);
    },
    // A consent request with `send: now`, through the standard queue, to the consent-link sender,
    // which sends it through the business-provider simulator.
    async consentSends() {
      const { seatUid } = await askedFamily();
      const handled = await awaitLogLines<{ seatUid?: string; outcome?: string }>(
        'consent_send.handled',
        (line) => line.seatUid === seatUid,
        1,
      );
      expect(handled.map((line) => line.outcome)).toEqual(['sent']);
    },
    // An event item written to the table, through the stream (and its filter), to the fan-out,
    // which pushes it to the relay endpoint registered for its account: here, this test's own.
    async eventFanOut() {
      const pushes: string[] = [];
      const relay = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          pushes.push(body);
          response.writeHead(202).end();
        });
      });
      await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
      try {
        const address = relay.address();
        const port = typeof address === 'object' && address !== null ? address.port : 0;
        const accountId = `acc_${randomUUID()}`;
        const topic = topicKey({ kind: 'account', accountId });
        await dynamoRelayRegistry(stackTable()).register(
          topic,
          `test-${randomUUID()}`,
          `http://127.0.0.1:${port}`,
        );
        const id = ulid();
        const table = stackTable();
        await table.doc.send(
          new PutCommand({
            TableName: table.tableName,
            Item: eventToItem({
              id,
              type: 'account.created',
              accountId,
              seatId: null,
              seatUid: null,
              source: 'api',
              payload: {},
              occurredAt: new Date().toISOString(),
            }),
          }),
        );
        const [pushed] = await eventually(
          async () => pushes,
          (received) => received.length > 0,
          'a push of the event',
          10_000,
        );
        expect(JSON.parse(pushed ?? '{}')).toEqual({ topics: [{ topic, oldestId: id }] });
      } finally {
        relay.closeAllConnections();
        await new Promise((done) => relay.close(done));
      }
    },
    // A seat item whose data key is destroyed, through the stream (and its filter), to the content
    // shredding, which deletes the seat's message partition.
    async contentShredding() {
      const table = stackTable();
      const ids = cryptoIds();
      const seat = await seatWithPairing(table, ids, new Date(), { status: 'paired' });
      const keys = seatKeysIn(table, seatKeysTableOf(table), localSeatKeys(devSecrets.LOCAL_MASTER_KEY));
      const keyed = await keys.keyed(seat, ids);
      const messages = dynamoMessageStore(table);
      const expires = Math.floor(Date.now() / 1000) + 86_400;
      const sealed = { iv: new Uint8Array(12), ciphertext: new Uint8Array(16) };
      for (const messageId of ['m1', 'm2'])
        await messages.putIfAbsent(
          {
            seatId: seat.seatId,
            messageId,
            chat: 'c',
            fromMe: false,
            sentAt: new Date().toISOString(),
            sealed,
          },
          expires,
        );
      await keys.unkeyed(keyed);
      const [shredded] = await awaitLogLines<{ seatId: string; deleted: number }>(
        'content.shredded',
        (line) => line.seatId === seat.seatId,
        1,
        15_000,
      );
      expect(shredded).toMatchObject({ seatId: seat.seatId, deleted: 2 });
      expect(await messages.byIds(seat.seatId, ['m1', 'm2'])).toEqual([]);
    },
    // A dropped pairing's first attempt, scheduled by the session-events worker on the embedded
    // scheduler, fired into the reconnect handler, which brings the pairing back.
    async reconnect() {
      const family = await protectedSeat();
      const session = await pair(family);
      try {
        const pairingId = (await sessionsOf(family.seatUid)).at(-1)?.config.metadata['pairingId'];
        expect(pairingId).toEqual(expect.any(String));
        await simulate(session, 'drop');
        const fired = await awaitLogLines<{ seatUid: string; pairingId: string; attempt: number }>(
          'reconnect.fired',
          (line) => line.seatUid === family.seatUid,
          1,
          15_000,
        );
        expect(fired[0]).toMatchObject({ pairingId, attempt: 1 });
        await pairingReaches(family.owner.token, family.seatUid, 'paired');
      } finally {
        await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });
      }
    },
    // A pause's end, scheduled by the seats API on the embedded scheduler, fired into the
    // pause-resume handler, which resumes the seat.
    async pauseResume() {
      const family = await protectedSeat();
      const until = new Date(Date.now() + 1_500).toISOString();
      const paused = await call('POST', `/seats/${family.seatUid}/pause`, {
        token: family.owner.token,
        body: { until },
      });
      expect(paused.status).toBe(200);
      const [ended] = await awaitLogLines<{ seatUid: string; outcome: string }>(
        'pause.ended',
        (line) => line.seatUid === family.seatUid,
        1,
        15_000,
      );
      expect(ended).toMatchObject({ outcome: 'resumed' });
    },
    // A seat's first `paired` (a signed WORKING through the gateway and the session-events worker)
    // schedules its trial's notice a day before the end: in a stack whose trials last a day, at
    // once, so the embedded scheduler invokes the target, which notifies.
    async trialEnding() {
      const { stack } = await historyStack();
      const table = createTableAccess({
        tableName: stack.tableName,
        region: 'sa-east-1',
        endpoint: stack.dynamoEndpoint,
      });
      const seat = await seatWithPairing(table, cryptoIds(), new Date(), { status: 'connecting' });
      expect((await sendWorking(stack.gatewayUrl, seat)).status).toBe(200);
      const fired = await eventually(
        async () =>
          (await readFile(stack.logFile, 'utf8'))
            .split('\n')
            .filter((line) => line.includes('"message":"trial_ending.fired"') && line.includes(seat.uid)),
        (lines) => lines.length > 0,
        'the trial-ending notice',
        30_000,
      );
      expect(JSON.parse(fired[0] ?? '{}')).toMatchObject({ seatUid: seat.uid, outcome: 'notified' });
    },
    // A seat's first `paired` admits its warm-up, sent to the history import worker's queue, whose
    // worker reads the seeded history to the end.
    async historyImport() {
      const family = await protectedSeat();
      await pair(family);
      const [run] = await awaitLogLines<{ seatUid: string; outcome: string }>(
        'history.run',
        (line) => line.seatUid === family.seatUid,
        1,
        15_000,
      );
      expect(run).toMatchObject({ outcome: 'finished' });
      await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });
    },
    // The later import is offered when the warm-up's pairing moves the queue, and lapses a second later.
    async historyOfferExpiry() {
      const { later, logged } = await historyStack();
      await logged('history.offer_checked', later.uid, 'lapsed');
    },
    // The recurring admission sweep runs by itself (every 2 s locally, every minute in AWS).
    // A sign-in request, answered at once, its letter through the standard queue to the sign-in
    // mail worker, which writes the dev-delivery line.
    async signInMails() {
      const email = uniqueEmail();
      const seen = await deliveriesSoFar(email);
      const answer = await call('POST', '/auth/otp/request', {
        body: { email, delivery: 'code', intent: 'signup' },
        headers: { 'x-forwarded-for': uniqueIp() },
      });
      expect(answer.status).toBe(202);
      expect((await nextDelivery(email, seen)).code).toMatch(/^\d{6}$/);
    },
    async historyAdmission() {
      const [swept] = await awaitLogLines<{ admitted: number }>(
        'history.admission_swept',
        () => true,
        1,
        15_000,
      );
      expect(swept?.admitted).toBeGreaterThanOrEqual(0);
    },
    // The daily supply check (every 2 s locally) warns of an order expiring within 7 days, once.
    async supplyExpiry() {
      const table = stackTable();
      const uid = `po_${randomUUID()}`;
      const expiresAt = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
      await table.doc.send(
        new PutCommand({
          TableName: table.tableName,
          Item: supplyOrderToItem({
            uid,
            supplier: 'sim',
            product: 'br-residential',
            quantity: 1,
            createdAt: new Date().toISOString(),
            expiresAt,
            supplierOrderId: `o_${randomUUID()}`,
            proxies: [],
            payments: [],
            warnedFor: null,
          }),
        }),
      );
      const warned = await awaitLogLines<{ orderUid?: string; daysLeft?: number }>(
        'supply.order_expiring',
        (line) => line.orderUid === uid,
        1,
        15_000,
      );
      expect(warned.map((line) => line.daysLeft)).toEqual([3]);
    },
    // The warm-up runs on a session the provider does not have: no progress, stuck a second later.
    async historyStuck() {
      const { warming, logged } = await historyStack();
      await logged('history.stuck_checked', warming.uid, 'stuck');
    },
    // An address added (through a real loopback proxy) and burned by an operator, through the
    // standard queue, to the burn worker (nothing is bound to it: nothing to move).
    async proxyBurns() {
      const proxy = await startLoopbackProxy();
      try {
        const { token } = await operator('operator');
        const label = `burn-${randomUUID()}`;
        const added = await call('POST', '/admin/proxies', {
          token,
          body: { label, address: proxy.address, capacity: 1 },
        });
        expect(added.status).toBe(201);
        const burned = await call('POST', `/admin/proxies/${added.body.data.uid as string}/burn`, { token });
        expect(burned.body.data).toMatchObject({ label, status: 'burned' });
        const handled = await awaitLogLines<{ label?: string; moved?: number }>(
          'proxy_burn.handled',
          (line) => line.label === label,
          1,
        );
        expect(handled.map((line) => line.moved)).toEqual([0]);
      } finally {
        await proxy.close();
      }
    },
    // A guardian's unlink, through the pairing API and the standard queue, to the session-ends
    // worker, which deletes the session at the provider.
    async sessionEnds() {
      const family = await protectedSeat();
      const session = await pair(family);
      await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });
      await awaitLogLines<{ session?: string }>('session_end.done', (line) => line.session === session, 1);
      expect(await sessionsOf(family.seatUid)).toEqual([]);
    },
  };

  it('starts a queue poller, a stream reader or a scheduler target for every row, one line each', async () => {
    const started = await readFile(inject('stackLog'), 'utf8');
    for (const row of consumers) {
      const line = started.split('\n').find((one) => one.startsWith(`${row.kind.padEnd(10)}${row.name}: `));
      expect(line, row.name).toMatch(new RegExp(` -> ${row.entry.replaceAll('.', '\\.')}$`));
    }
  });

  it.each(consumers.map((row) => row.name))(
    '%s: what it consumes reaches its handler',
    async (name) => {
      await reachesItsHandler[name]();
    },
    // The rows that wait on a schedule start the stack whose timers move in seconds.
    90_000,
  );
});
