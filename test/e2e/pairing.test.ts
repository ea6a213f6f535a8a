import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { devSecrets } from '../../localstack/dev-config';
import { withCheckDigits } from '../../shared/domain/people/cpf';
import { call, uniqueIp } from './support/api';
import {
  askedFamily,
  eventsOf,
  fixture,
  form,
  protectedSeat,
  seatItem,
  stackTable,
  upload,
} from './support/consent';
import { awaitLogLines } from './support/logs';
import { eventually } from '../support/eventually';
import {
  freeProxySlots,
  guardianPairing,
  linkPerson,
  pair,
  pairingReaches,
  personCall,
  personPhone,
  sessionOf,
  sessionsOf,
  simulate,
  warmedUp,
} from './support/pairing';

type Family = Awaited<ReturnType<typeof protectedSeat>>;

/** Every pairing a test opens is unlinked after it, so the four proxy slots of the e2e stack stay free. */
const opened: Family[] = [];
afterEach(async () => {
  for (const family of opened.splice(0))
    await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });
});

const startQr = async (family: Family) => {
  opened.push(family);
  return call('POST', `/seats/${family.seatUid}/pairing`, {
    token: family.owner.token,
    body: { channel: 'chat', method: 'qr' },
  });
};

/** A pairing on the guardian's screen, linked by the person: `paired`. */
const pairedSeat = async () => {
  const family = await protectedSeat();
  opened.push(family);
  return { ...family, session: await pair(family) };
};

const events = async (accountUid: string) =>
  (await eventsOf(accountUid)).map((event) => ({
    type: String(event['eventType']),
    source: String(event['source']),
    payload: event['payload'] as Record<string, unknown>,
  }));

/** The simulator answers the creation of this seat's next session `ms` late (its statuses on time). */
const slowCreate = (seatUid: string, ms: number) =>
  fetch(`${inject('sessionProviderUrl')}/_sim/slow-create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seatUid, ms }),
  });

const inbox = async (token: string) => (await call('GET', '/notifications', { token })).body.data;

const boundSlots = async () => {
  const { Items = [] } = await stackTable().doc.send(
    new QueryCommand({
      TableName: stackTable().tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'PROXIES' },
      ConsistentRead: true,
    }),
  );
  return Items.reduce((sum, item) => sum + Number(item['bound']), 0);
};

describe('pairing on the guardian’s screen (QR)', () => {
  it('goes starting → challenge (QR by event) → connecting → paired, and the first pairing starts the trial', async () => {
    const family = await protectedSeat();
    const { owner, accountUid, seatUid } = family;
    const started = await startQr(family);
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({
      status: 'starting',
      channel: 'chat',
      method: 'qr',
      challenge: null,
    });

    const challenged = await pairingReaches(owner.token, seatUid, 'challenge');
    expect(challenged.body.data.challenge).toMatchObject({ kind: 'qr', data: expect.stringMatching(/^2@/) });
    const sessions = await sessionsOf(seatUid);
    // Opaque ids only: the provider echoes the metadata in every event and keeps it with the session.
    expect(sessions[0]?.config.metadata).toEqual({ pairingId: expect.any(String), seatUid });
    // A name the provider accepts: at most 54 characters of [A-Za-z0-9_-].
    expect(sessions[0]?.name).toMatch(/^[A-Za-z0-9_-]{1,54}$/);

    await linkPerson(family);
    const paired = await pairingReaches(owner.token, seatUid, 'paired');
    expect(paired.body.data).toMatchObject({ failureReason: null, reconnectAttempts: 0, nextRetryAt: null });
    expect(paired.body.data.pairedAt).toEqual(paired.body.data.lastSeenAt);
    // The first `paired` starts the warm-up (the first history read); protecting once it is over.
    await warmedUp(owner.token, seatUid);

    const seat = (await call('GET', `/seats/${seatUid}`, { token: owner.token })).body.data;
    expect(seat.trial).toMatchObject({ state: 'active', trialEndsAt: expect.any(String) });
    expect(
      (await call('GET', `/accounts/${accountUid}/subscription`, { token: owner.token })).body.data,
    ).toMatchObject({ trialEndsAt: seat.trial.trialEndsAt });
    expect(
      (await call('GET', `/seats/${seatUid}/protection`, { token: owner.token })).body.data.protection,
    ).toMatchObject({
      state: 'protecting',
    });
    const written = await events(accountUid);
    const pairingEvents = written.filter((event) => /^(pairing|trial)\./.test(event.type));
    expect(pairingEvents.map((event) => `${event.type}:${event.source}`)).toEqual([
      'pairing.status:api',
      'pairing.status:workers',
      'pairing.challenge:workers',
      'pairing.status:workers',
      'pairing.status:workers',
      'pairing.paired:workers',
      'trial.started:workers',
    ]);
    expect(pairingEvents.map((event) => event.payload['status']).filter(Boolean)).toEqual([
      'starting',
      'challenge',
      'connecting',
      'paired',
    ]);
    expect(
      written.filter((event) => event.type === 'seat.state_changed').map((event) => event.payload['state']),
    ).toEqual(expect.arrayContaining(['connecting', 'warming_up', 'protecting']));

    const channels = (await call('GET', `/seats/${seatUid}/channels`, { token: owner.token })).body.data;
    expect(channels[0]).toMatchObject({ channel: 'chat', enabled: true, pairing: { status: 'paired' } });
  });

  it('serves the person’s own profile photo as bytes, and 404 before a connection', async () => {
    const family = await protectedSeat();
    await startQr(family);
    const before = await fetch(`${inject('apiUrl')}/seats/${family.seatUid}/pairing/avatar`, {
      headers: { authorization: `Bearer ${family.owner.token}` },
    });
    expect(before.status).toBe(404);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    await linkPerson(family);
    await pairingReaches(family.owner.token, family.seatUid, 'paired');
    const photo = await fetch(`${inject('apiUrl')}/seats/${family.seatUid}/pairing/avatar`, {
      headers: { authorization: `Bearer ${family.owner.token}` },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await photo.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode('PNG'));
  });
});

describe('pairing from the person’s page (code on their phone)', () => {
  it('shows the code at once even when the provider reports the new session before the pairing is saved', async () => {
    const family = await protectedSeat();
    opened.push(family);
    // The provider answers the session's creation late, its first statuses already sent: the worker
    // meets them before the pairing that names the session is saved, and drops them.
    // (Within the provider calls' timeout, SESSION_PROVIDER_TIMEOUT_MS: 2 s.)
    await slowCreate(family.seatUid, 1_500);
    expect((await personCall('POST', `/consent-requests/${family.linkToken}/pairing`, {})).status).toBe(201);
    const session = await sessionOf(family.seatUid);
    await awaitLogLines<{ session: string; outcome: string; status?: string }>(
      'session_event.handled',
      (line) =>
        line.session === session && line.status === 'SCAN_QR_CODE' && line.outcome === 'unknown_session',
      1,
    );
    // The QR's next rotation is a minute away: the code comes from the start's catch-up.
    const mine = await eventually(
      () => personCall('GET', `/consent-requests/${family.linkToken}/pairing`),
      (answer) => answer.body.data.status === 'challenge',
      'the code',
      { deadlineMs: 10_000 },
    );
    expect(mine.body.data.challenge).toMatchObject({
      kind: 'code',
      code: expect.stringMatching(/^[A-Z0-9]{8}$/),
    });
  });

  it('answers 503 UNAVAILABLE when the provider is slower than its time limit, keeps nothing, and starts on a retry', async () => {
    const family = await protectedSeat();
    opened.push(family);
    // Past SESSION_PROVIDER_TIMEOUT_MS (2 s): the start abandons the creation.
    await slowCreate(family.seatUid, 3_000);
    const refused = await personCall('POST', `/consent-requests/${family.linkToken}/pairing`, {});
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'UNAVAILABLE' }),
    });
    // Nothing was kept: no open pairing stands in the way of the retry.
    const retried = await personCall('POST', `/consent-requests/${family.linkToken}/pairing`, {});
    expect(retried.status).toBe(201);
    expect(retried.body.data).toMatchObject({ status: 'starting', method: 'code' });
  });

  it('shows the 8-character code to the person only; guardians see code_on_dependent_phone', async () => {
    const family = await protectedSeat();
    opened.push(family);
    const started = await personCall('POST', `/consent-requests/${family.linkToken}/pairing`, {});
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ status: 'starting', method: 'code' });

    const mine = await eventually(
      () => personCall('GET', `/consent-requests/${family.linkToken}/pairing`),
      (answer) => answer.body.data.status === 'challenge',
      'the code',
    );
    expect(mine.body.data.challenge).toEqual({
      kind: 'code',
      code: expect.stringMatching(/^[A-Z0-9]{8}$/),
      expiresAt: expect.any(String),
    });
    const expiresIn = Date.parse(mine.body.data.challenge.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(50_000);
    expect(expiresIn).toBeLessThanOrEqual(60_000);
    const theirs = await guardianPairing(family.owner.token, family.seatUid);
    expect(theirs.body.data.challenge).toEqual({
      kind: 'code_on_dependent_phone',
      expiresAt: expect.any(String),
    });
    // No event carries the code.
    const challengeEvents = (await events(family.accountUid)).filter(
      (event) => event.type === 'pairing.challenge',
    );
    expect(JSON.stringify(challengeEvents)).not.toContain(mine.body.data.challenge.code);
    expect(challengeEvents[0]?.payload).toEqual({
      challenge: { kind: 'code_on_dependent_phone', expiresAt: expect.any(String) },
    });

    await simulate(await sessionOf(family.seatUid), 'link');
    await pairingReaches(family.owner.token, family.seatUid, 'paired');
    expect((await personCall('GET', `/consent-requests/${family.linkToken}/pairing`)).body.data.status).toBe(
      'paired',
    );
    // Pairing events are also the person's: they are in the seat's own stream (GSI1).
    const seatId = String((await seatItem(family.accountUid, family.seatUid))['seatId']);
    const { Items = [] } = await stackTable().doc.send(
      new QueryCommand({
        TableName: stackTable().tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': `SEATEVENTS#${seatId}` },
      }),
    );
    expect(Items.map((item) => item['eventType'])).toEqual(
      expect.arrayContaining(['pairing.status', 'pairing.challenge', 'pairing.paired']),
    );
  });

  it('applies the person’s fixed budgets: 10 pairing starts per link in 10 minutes', async () => {
    const family = await protectedSeat();
    opened.push(family);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await personCall('POST', `/consent-requests/${family.linkToken}/pairing`, {})).status);
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, 10).every((status) => status === 422)).toBe(true);
    const limited = await personCall('POST', `/consent-requests/${family.linkToken}/pairing`, {});
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.error.details.retryAfterSeconds));
  });
});

describe('the number check', () => {
  it('cancels a pairing linked from another number, logs the session out and warns guardians (critical)', async () => {
    const family = await protectedSeat();
    // Push goes to a guardian's devices: the owner has one.
    const device = await call('POST', '/me/devices', {
      token: family.owner.token,
      body: { platform: 'android', token: `fcm-${family.seatUid}` },
    });
    expect(device.status).toBe(201);
    const slotsBefore = await boundSlots();
    await startQr(family);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    expect(await boundSlots()).toBe(slotsBefore + 1);
    const session = await sessionOf(family.seatUid);
    await simulate(session, 'link', { phone: '+5521999990000' });
    const cancelled = await pairingReaches(family.owner.token, family.seatUid, 'cancelled');
    expect(cancelled.body.data.failureReason).toBe('identity_mismatch');
    expect(await boundSlots()).toBe(slotsBefore);
    await eventually(
      () => sessionsOf(family.seatUid),
      (list) => list.length === 0,
      'the session removed',
    );

    const types = (await events(family.accountUid)).map((event) => event.type);
    expect(types).toContain('pairing.identity_mismatch');
    const notifications = await inbox(family.owner.token);
    // The person's consent came first (`consent.given`), then the warning.
    expect(notifications.unread).toBe(2);
    expect(notifications.notifications[0]).toMatchObject({
      type: 'pairing.identity_mismatch',
      severity: 'critical',
      seatUid: family.seatUid,
    });
    const delivered = await awaitLogLines<{ type: string; channel: string }>(
      'notification.dev_delivery',
      (line) => line.type === 'pairing.identity_mismatch' && JSON.stringify(line).includes(family.seatUid),
      2,
    );
    expect(delivered.map((line) => line.channel).sort()).toEqual(['email', 'push']);
    expect(
      (await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token })).body.data
        .protection,
    ).toMatchObject({
      state: 'ready_to_connect',
      reason: 'identity_mismatch',
    });
  });

  it('accepts a Brazilian number registered before the ninth digit as the same person', async () => {
    const family = await protectedSeat();
    await startQr(family);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    await simulate(await sessionOf(family.seatUid), 'link', { phone: '+551187654321' });
    await pairingReaches(family.owner.token, family.seatUid, 'paired');
  });
});

describe('the number-match confirmation (passkey)', () => {
  it('connects when the guardian says it matches, and ends as passkey_refused when the person says no', async () => {
    const first = await protectedSeat();
    await startQr(first);
    await pairingReaches(first.owner.token, first.seatUid, 'challenge');
    const early = await call('POST', `/seats/${first.seatUid}/pairing/passkey`, {
      token: first.owner.token,
      body: { matches: true },
    });
    expect(early.body.error.code).toBe('PAIRING_NOT_AWAITING_CONFIRMATION');
    await simulate(await sessionOf(first.seatUid), 'passkey', { phone: await personPhone(first) });
    const asked = await pairingReaches(first.owner.token, first.seatUid, 'passkey');
    // The code to compare is shown on the person's page only.
    expect(asked.body.data.challenge).toEqual({ kind: 'passkey_confirm', expiresAt: null });
    const onPersonPage = await personCall('GET', `/consent-requests/${first.linkToken}/pairing`);
    expect(onPersonPage.body.data.challenge).toMatchObject({
      kind: 'passkey_confirm',
      code: expect.stringMatching(/^\d{4}$/),
    });
    const yes = await call('POST', `/seats/${first.seatUid}/pairing/passkey`, {
      token: first.owner.token,
      body: { matches: true },
    });
    expect(yes.status).toBe(200);
    expect(yes.body.data.status).toBe('connecting');
    await pairingReaches(first.owner.token, first.seatUid, 'paired');

    const second = await protectedSeat();
    opened.push(second);
    await personCall('POST', `/consent-requests/${second.linkToken}/pairing`, {});
    await pairingReaches(second.owner.token, second.seatUid, 'challenge');
    await simulate(await sessionOf(second.seatUid), 'passkey');
    await pairingReaches(second.owner.token, second.seatUid, 'passkey');
    const no = await personCall('POST', `/consent-requests/${second.linkToken}/pairing/passkey`, {
      matches: false,
    });
    expect(no.status).toBe(200);
    expect(no.body.data).toMatchObject({ status: 'cancelled', failureReason: 'passkey_refused' });
  });

  it('asks the person to compare a number even before any QR was shown', async () => {
    const family = await protectedSeat();
    await startQr(family);
    const session = await sessionOf(family.seatUid);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    await simulate(session, 'passkey', { phone: await personPhone(family) });
    await pairingReaches(family.owner.token, family.seatUid, 'passkey');
    const yes = await personCall('POST', `/consent-requests/${family.linkToken}/pairing/passkey`, {
      matches: true,
    });
    expect(yes.body.data.status).toBe('connecting');
    await pairingReaches(family.owner.token, family.seatUid, 'paired');
  });

  it('ends the pairing cancelled (passkey_required) when WhatsApp asks for a WebAuthn passkey; the session is removed and a new pairing starts', async () => {
    const family = await protectedSeat();
    await startQr(family);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    const session = await sessionOf(family.seatUid);
    await simulate(session, 'passkey-required');
    const ended = await pairingReaches(family.owner.token, family.seatUid, 'cancelled');
    expect(ended.body.data).toMatchObject({ failureReason: 'passkey_required', challenge: null });
    expect(
      (await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token })).body.data
        .protection,
    ).toMatchObject({ state: 'ready_to_connect', reason: 'passkey_required', action: 'connect' });
    const onPersonPage = await personCall('GET', `/consent-requests/${family.linkToken}/pairing`);
    expect(onPersonPage.body.data).toMatchObject({ status: 'cancelled', failureReason: 'passkey_required' });
    await eventually(
      () => sessionsOf(family.seatUid),
      (sessions) => sessions.every((one) => one.name !== session),
      'the session removed at the provider',
    );
    const again = await startQr(family);
    expect(again.status).toBe(201);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    expect(await sessionOf(family.seatUid)).not.toBe(session);
  });
});

describe('reconnects', () => {
  it('a drop makes the pairing degraded and the first retry brings it back to paired', async () => {
    const family = await pairedSeat();
    const pairedAt = (await guardianPairing(family.owner.token, family.seatUid)).body.data.lastSeenAt;
    await simulate(family.session, 'drop');
    const degraded = await pairingReaches(family.owner.token, family.seatUid, 'degraded');
    expect(degraded.body.data.nextRetryAt).toEqual(expect.any(String));
    expect(
      (await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token })).body.data
        .protection,
    ).toMatchObject({
      state: 'connecting',
      reason: 'reconnecting',
    });
    const back = await pairingReaches(family.owner.token, family.seatUid, 'paired');
    expect(back.body.data).toMatchObject({ reconnectAttempts: 0, nextRetryAt: null });
    expect(Date.parse(back.body.data.lastSeenAt)).toBeGreaterThan(Date.parse(pairedAt));
    const sources = (await events(family.accountUid))
      .filter((event) => event.type === 'pairing.status')
      .map((e) => e.source);
    expect(sources).toContain('crons');
  });

  it('the provider’s own restart (STOPPED, STARTING, WORKING) is one drop and one reconnection, nothing lost', async () => {
    const family = await pairedSeat();
    const before = (await events(family.accountUid)).length;
    await simulate(family.session, 'server-restart');
    const statusesSince = async () =>
      (await events(family.accountUid))
        .slice(before)
        .filter((event) => event.type === 'pairing.status')
        .map((event) => event.payload['status']);
    // `degraded` lasts only until the WORKING is handled: the event log shows it.
    const statuses = await eventually(statusesSince, (list) => list.includes('paired'), 'the reconnection');
    expect(statuses).toEqual(['degraded', 'paired']);
    const back = await guardianPairing(family.owner.token, family.seatUid);
    expect(back.body.data).toMatchObject({
      status: 'paired',
      reconnectAttempts: 0,
      nextRetryAt: null,
      failureReason: null,
    });
  });

  it('a drop whose recovery report is lost: the provider has the session back, and the first attempt pairs it without a restart', async () => {
    const family = await pairedSeat();
    const before = (await events(family.accountUid)).length;
    // A STOPPED arrives (a late delivery), the session stays WORKING, and no report follows.
    await simulate(family.session, 'report', { status: 'STOPPED' });
    const statusesSince = async () =>
      (await events(family.accountUid))
        .slice(before)
        .filter((event) => event.type === 'pairing.status')
        .map((event) => [event.payload['status'], event.source]);
    const statuses = await eventually(
      statusesSince,
      (list) => list.some(([status]) => status === 'paired'),
      'paired again',
    );
    expect(statuses).toEqual([
      ['degraded', 'workers'],
      ['paired', 'crons'],
    ]);
    const [fired] = await awaitLogLines<{ seatUid: string; attempt: number; outcome: string }>(
      'reconnect.fired',
      (line) => line.outcome === 'reconnected' && line.seatUid === family.seatUid,
      1,
    );
    expect(fired).toMatchObject({ attempt: 1 });
    const back = await guardianPairing(family.owner.token, family.seatUid);
    expect(back.body.data).toMatchObject({ status: 'paired', reconnectAttempts: 0, nextRetryAt: null });
  });

  it('gives up after the third failed restart: disconnected, with the critical notification', async () => {
    const family = await pairedSeat();
    await simulate(family.session, 'restarts', { succeed: false });
    await simulate(family.session, 'drop');
    const gone = await pairingReaches(family.owner.token, family.seatUid, 'disconnected', 20_000);
    expect(gone.body.data).toMatchObject({
      reconnectAttempts: 3,
      failureReason: 'reconnect_failed',
      nextRetryAt: null,
    });
    const notifications = await inbox(family.owner.token);
    expect(notifications.notifications[0]).toMatchObject({
      type: 'pairing.disconnected',
      severity: 'critical',
    });
    expect((await events(family.accountUid)).map((event) => event.type)).toContain('pairing.disconnected');
  });

  it('a device the person unlinked asks guardians to pair again (reconnect_required)', async () => {
    const family = await pairedSeat();
    await simulate(family.session, 'logout');
    const gone = await pairingReaches(family.owner.token, family.seatUid, 'disconnected', 20_000);
    expect(gone.body.data.failureReason).toBe('device_unlinked');
    expect((await inbox(family.owner.token)).notifications[0]).toMatchObject({
      type: 'pairing.reconnect_required',
    });
    expect(
      (await call('GET', `/seats/${family.seatUid}/protection`, { token: family.owner.token })).body.data
        .protection,
    ).toMatchObject({
      state: 'ready_to_connect',
      reason: 'reconnect_required',
      action: 'connect',
    });
  });
});

describe('webhooks and workers', () => {
  const sign = (body: string) =>
    createHmac('sha512', devSecrets.SESSION_PROVIDER_WEBHOOK_SECRET).update(body).digest('hex');
  /** The provider's WORKING status, as its fixture shows it, for this event id and session (and seat). */
  const workingStatus = (id: string, session: string, seatUid?: string) =>
    JSON.stringify({
      ...(JSON.parse(
        readFileSync(
          new URL('../fixtures/providers/waha-session-status-WORKING.json', import.meta.url),
          'utf8',
        ),
      ) as object),
      id,
      session,
      ...(seatUid === undefined ? {} : { metadata: { seatUid } }),
    });
  const deliver = (body: string) =>
    fetch(`${inject('gatewayUrl')}/webhooks/session-provider`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-hmac': sign(body) },
      body,
    });

  it('a replayed status changes nothing', async () => {
    const family = await pairedSeat();
    const before = (await eventsOf(family.accountUid)).length;
    const id = `evt_${randomUUID()}`;
    const replay = workingStatus(id, family.session, family.seatUid);
    expect((await deliver(replay)).status).toBe(200);
    const [handled] = await awaitLogLines<{ eventId: string; outcome: string }>(
      'session_event.handled',
      (line) => line.eventId === id,
      1,
    );
    // The replay carries the instant the provider first made it, before the WORKING that paired.
    expect(handled?.outcome).toBe('stale');
    expect((await eventsOf(family.accountUid)).length).toBe(before);
  });

  it('drops an event of a session no pairing owns, counting it, and changes nothing', async () => {
    const id = `evt_${randomUUID()}`;
    const stray = workingStatus(id, `sess_unknown_${randomUUID()}`);
    expect((await deliver(stray)).status).toBe(200);
    const [handled] = await awaitLogLines<{ eventId: string; outcome: string }>(
      'session_event.handled',
      (line) => line.eventId === id,
      1,
    );
    expect(handled?.outcome).toBe('unknown_session');
  });

  it('a worker that throws leaves the message for the next pass, which then succeeds', async () => {
    const family = await protectedSeat();
    await startQr(family);
    // The provider's API fails the next call: the worker's QR fetch for SCAN_QR_CODE.
    await fetch(`${inject('sessionProviderUrl')}/_sim/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ calls: 1 }),
    });
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    // Logged by the provider's status: an operator tells an outage from a bug without the message.
    const retried = await awaitLogLines<{ cause: string }>('session_event.retry', () => true, 1, 0);
    expect(retried.map((line) => line.cause)).toContain('status_503');
  });
});

describe('the pairing preconditions, in their checking order', () => {
  const start = (token: string, seatUid: string) =>
    call('POST', `/seats/${seatUid}/pairing`, { token, body: { channel: 'chat', method: 'qr' } });

  it('CONSENT_REQUIRED, RELATIONSHIP_REFUTED, SEAT_NOT_ACTIVE, CHANNEL_NOT_ENABLED', async () => {
    const asked = await askedFamily();
    expect((await start(asked.owner.token, asked.seatUid)).body.error.code).toBe('CONSENT_REQUIRED');

    const refuted = await askedFamily('000000001');
    expect(withCheckDigits('000000001')).toBe('00000000191');
    await upload(refuted.linkToken, form(fixture('one-face.png'), fixture('phrase.wav')));
    await personCall('POST', `/consent-requests/${refuted.linkToken}/accept`, {});
    expect((await start(refuted.owner.token, refuted.seatUid)).body.error.code).toBe('RELATIONSHIP_REFUTED');

    const consented = await askedFamily();
    await upload(consented.linkToken, form(fixture('one-face.png'), fixture('phrase.wav')));
    await personCall('POST', `/consent-requests/${consented.linkToken}/accept`, {});
    const inactive = await start(consented.owner.token, consented.seatUid);
    expect(inactive.status).toBe(422);
    expect(inactive.body.error.code).toBe('SEAT_NOT_ACTIVE');
    await call('POST', `/seats/${consented.seatUid}/activate`, {
      token: consented.owner.token,
      body: { guardianAttestation: true },
    });
    expect((await start(consented.owner.token, consented.seatUid)).body.error.code).toBe(
      'CHANNEL_NOT_ENABLED',
    );
  });

  it('PAIRING_EXISTS, DEPENDENT_PHONE_IS_GUARDIAN, and 409 STOPPED_BY_DEPENDENT after a stop', async () => {
    const family = await protectedSeat();
    await startQr(family);
    const again = await start(family.owner.token, family.seatUid);
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('PAIRING_EXISTS');

    const guardianPhone = await protectedSeat({ phone: '+5511912340000' });
    await call('PATCH', '/me', { token: guardianPhone.owner.token, body: { phone: '+5511912340000' } });
    expect((await start(guardianPhone.owner.token, guardianPhone.seatUid)).body.error.code).toBe(
      'DEPENDENT_PHONE_IS_GUARDIAN',
    );

    const stopped = await protectedSeat();
    await startQr(stopped);
    await pairingReaches(stopped.owner.token, stopped.seatUid, 'challenge');
    await personCall('POST', `/consent-requests/${stopped.linkToken}/stop`, {});
    const revoked = await guardianPairing(stopped.owner.token, stopped.seatUid);
    expect(revoked.body.data).toMatchObject({ status: 'revoked', failureReason: 'stopped_by_dependent' });
    const refused = await start(stopped.owner.token, stopped.seatUid);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('STOPPED_BY_DEPENDENT');
  });

  it('NO_PROXY_CAPACITY when every address is full; an ended pairing gives its slot back', async () => {
    const families: Family[] = [];
    for (let free = (await freeProxySlots()) ?? 4; free > 1; free -= 1) {
      const family = await protectedSeat();
      expect((await startQr(family)).status).toBe(201);
      families.push(family);
    }
    // Three pairings at once against the last free slot: exactly one takes it, the count stays exact.
    const racing = await Promise.all([protectedSeat(), protectedSeat(), protectedSeat()]);
    const bound = await boundSlots();
    const answers = await Promise.all(racing.map((family) => startQr(family)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422]);
    expect(answers.filter((answer) => answer.status === 422).map((answer) => answer.body.error.code)).toEqual(
      ['NO_PROXY_CAPACITY', 'NO_PROXY_CAPACITY'],
    );
    expect(await boundSlots()).toBe(bound + 1);
    expect(await freeProxySlots()).toBe(0);
    families.push(...racing.filter((_, index) => answers[index]?.status === 201));
    const one = await protectedSeat();
    const full = await start(one.owner.token, one.seatUid);
    expect(full.status).toBe(422);
    expect(full.body.error.code).toBe('NO_PROXY_CAPACITY');
    const unlinked = await call('DELETE', `/seats/${families[0]?.seatUid}/pairing`, {
      token: families[0]?.owner.token,
    });
    expect(unlinked.status).toBe(204);
    expect((await startQr(one)).status).toBe(201);
  });
});

describe('guardian controls of an open pairing', () => {
  it('renews the challenge and switches the method until something is typed; then PAIRING_NOT_SWITCHABLE', async () => {
    const family = await protectedSeat();
    const none = await call('POST', `/seats/${family.seatUid}/pairing/challenge`, {
      token: family.owner.token,
    });
    expect(none.body.error.code).toBe('PAIRING_NOT_OPEN');
    await startQr(family);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    const switched = await call('POST', `/seats/${family.seatUid}/pairing/challenge?method=code`, {
      token: family.owner.token,
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({
      method: 'code',
      challenge: { kind: 'code_on_dependent_phone' },
    });
    await simulate(await sessionOf(family.seatUid), 'passkey');
    await pairingReaches(family.owner.token, family.seatUid, 'passkey');
    const late = await call('POST', `/seats/${family.seatUid}/pairing/challenge?method=qr`, {
      token: family.owner.token,
    });
    expect(late.body.error.code).toBe('PAIRING_NOT_SWITCHABLE');
    const bad = await call('POST', `/seats/${family.seatUid}/pairing/challenge?method=sms`, {
      token: family.owner.token,
    });
    expect(bad.body.error.code).toBe('VALIDATION');
  });

  it('DELETE is always 204 on one’s own seat, revokes an open pairing, and is 404 for another family', async () => {
    const family = await protectedSeat();
    expect(
      (await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token })).status,
    ).toBe(204);
    await startQr(family);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    expect(
      (await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token })).status,
    ).toBe(204);
    expect((await guardianPairing(family.owner.token, family.seatUid)).body.data).toMatchObject({
      status: 'revoked',
      failureReason: 'unlinked_by_guardian',
    });
    const stranger = await protectedSeat();
    expect(
      (await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: stranger.owner.token })).status,
    ).toBe(404);
    expect((await guardianPairing(stranger.owner.token, stranger.seatUid)).status).toBe(404);
    expect(uniqueIp()).not.toBe(uniqueIp());
  });

  it('reads and marks notifications: unread count, one read, then all read', async () => {
    const family = await protectedSeat();
    await startQr(family);
    await pairingReaches(family.owner.token, family.seatUid, 'challenge');
    await simulate(await sessionOf(family.seatUid), 'link', { phone: '+5521999990001' });
    await pairingReaches(family.owner.token, family.seatUid, 'cancelled');
    const page = await inbox(family.owner.token);
    // The person's consent (`consent.given`) and the wrong number's warning.
    expect(page).toMatchObject({ unread: 2, nextCursor: null });
    const id = page.notifications[0].id as string;
    expect((await call('POST', `/notifications/${id}/read`, { token: family.owner.token })).status).toBe(204);
    expect((await inbox(family.owner.token)).unread).toBe(1);
    expect((await call('POST', `/notifications/${id}/read`, { token: family.owner.token })).status).toBe(204);
    expect((await inbox(family.owner.token)).unread).toBe(1);
    const other = await protectedSeat();
    expect((await call('POST', `/notifications/${id}/read`, { token: other.owner.token })).status).toBe(404);
    expect((await call('POST', '/notifications/read-all', { token: family.owner.token })).status).toBe(204);
    expect((await inbox(family.owner.token)).unread).toBe(0);
  });
});

describe('the pairing function', () => {
  it('refuses to start without the session provider’s variables, before any request', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', "await import('./functions/api/pairing/handler.ts')"],
      {
        env: {
          PATH: process.env['PATH'],
          TABLE_NAME: 't',
          RELATIONSHIP_REGISTRY: 'sandbox',
          WHATSAPP_PHONE_NUMBER_ID: '123',
        },
        encoding: 'utf8',
      },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(
      /SESSION_PROVIDER_URL: must be set.*SESSION_PROVIDER_WEBHOOK_URL: must be set/,
    );
  });
});
