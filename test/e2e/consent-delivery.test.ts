import { describe, expect, inject, it } from 'vitest';
import { withCheckDigits } from '../../shared/domain/people/cpf';
import { eventually } from '../support/eventually';
import { addSeat, call, newFamily, validDependent } from './support/api';
import { eventsOf } from './support/consent';
import { awaitLogLines } from './support/logs';

/**
 * The consent link's delivery through the real path: the API queues the send, the worker sends it
 * to the business-provider simulator, and the simulator's signed status webhooks come back through
 * the gateway, the business-events queue and its worker to the seat, the events and the inbox.
 */
const sim = (path: string) => `${inject('businessProviderUrl')}${path}`;

interface Sent {
  messageId: string;
  to: string;
  template: string;
  link: string | null;
  reference: string | null;
}

const familyWithPerson = async () => {
  const { owner, accountUid } = await newFamily();
  const seatUid = await addSeat(owner.token, accountUid);
  const phone = `+55219${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await call('PUT', `/seats/${seatUid}/dependent`, {
    token: owner.token,
    body: {
      ...validDependent,
      name: 'Bia Souza',
      phone,
      document: {
        type: 'cpf',
        number: withCheckDigits(String(100_000_000 + Math.floor(Math.random() * 8e8))),
      },
    },
  });
  return { owner, accountUid, seatUid, phone };
};

const sentTo = async (phone: string): Promise<Sent[]> =>
  ((await (await fetch(sim('/_sim/sent'))).json()) as Sent[]).filter((one) => one.to === phone);

const planNextSend = async (plan: { to: string; errorCode?: number; times?: number; delayMs?: number }) => {
  const answer = await fetch(sim('/_sim/next-send'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(plan),
  });
  expect(answer.status).toBe(200);
};

const receipt = async (body: { messageId: string; status: string; errorCode?: number }) => {
  const answer = await fetch(sim('/_sim/receipts'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(await answer.json()).toEqual({ gatewayStatus: 200 });
};

const deliveryOf = async (token: string, seatUid: string) =>
  (await call('GET', `/seats/${seatUid}`, { token })).body.data.consent?.delivery as {
    status: string;
    at: string;
    failureReason: string | null;
  } | null;

const deliveryReaches = (token: string, seatUid: string, status: string, deadlineMs = 20_000) =>
  eventually(
    () => deliveryOf(token, seatUid),
    (delivery) => delivery?.status === status,
    `the delivery to be ${status}`,
    deadlineMs,
  );

const deliveryEvents = async (accountUid: string) =>
  (await eventsOf(accountUid))
    .filter((event) => event['eventType'] === 'consent.delivery')
    .map((event) => event['payload'] as { status: string; failureReason: string | null });

const ask = (token: string, seatUid: string) =>
  call('POST', `/seats/${seatUid}/consent-request`, { token, body: { send: 'now' } });

describe('the consent link’s delivery', () => {
  it('queued, sent (to the number with its +), delivered, read; late and doubled reports change nothing', async () => {
    const { owner, accountUid, seatUid, phone } = await familyWithPerson();
    const asked = await ask(owner.token, seatUid);
    expect(asked.body.data.seat.consent.delivery).toMatchObject({ status: 'queued', failureReason: null });
    await deliveryReaches(owner.token, seatUid, 'sent');
    const [sent, ...more] = await sentTo(phone);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      to: phone,
      template: 'consent_request',
      link: asked.body.data.seat.consent.link,
      reference: expect.stringMatching(new RegExp(`^consent:${seatUid}:`)),
    });

    await receipt({ messageId: sent?.messageId ?? '', status: 'delivered' });
    await deliveryReaches(owner.token, seatUid, 'delivered');
    await receipt({ messageId: sent?.messageId ?? '', status: 'read' });
    await deliveryReaches(owner.token, seatUid, 'read');
    // Meta's order is not guaranteed: a late `delivered`, a doubled `read` and a `failed` after the
    // phone showed it all change nothing.
    await receipt({ messageId: sent?.messageId ?? '', status: 'delivered' });
    await receipt({ messageId: sent?.messageId ?? '', status: 'read' });
    await receipt({ messageId: sent?.messageId ?? '', status: 'failed', errorCode: 131026 });
    const handled = await awaitLogLines<{ entryId?: string; outcome?: string }>(
      'business_event.handled',
      (line) => line.entryId === sent?.messageId,
      5,
    );
    expect(handled.length).toBeGreaterThanOrEqual(5);
    expect(handled.slice(-3).map((line) => line.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(await deliveryOf(owner.token, seatUid)).toMatchObject({ status: 'read', failureReason: null });
    expect(await deliveryEvents(accountUid)).toEqual([
      { status: 'queued', failureReason: null },
      { status: 'sent', failureReason: null },
      { status: 'delivered', failureReason: null },
      { status: 'read', failureReason: null },
    ]);
  });

  it('a failed status webhook reaches the seat and the owner’s inbox within seconds: not on WhatsApp', async () => {
    const { owner, accountUid, seatUid, phone } = await familyWithPerson();
    await ask(owner.token, seatUid);
    await deliveryReaches(owner.token, seatUid, 'sent');
    const [sent] = await sentTo(phone);
    const reported = Date.now();
    await receipt({ messageId: sent?.messageId ?? '', status: 'failed', errorCode: 131026 });
    const failed = await deliveryReaches(owner.token, seatUid, 'failed', 5_000);
    expect(failed).toMatchObject({ failureReason: 'not_on_whatsapp' });
    const inbox = await eventually(
      async () =>
        (
          (await call('GET', '/notifications', { token: owner.token })).body.data.notifications as {
            type: string;
            seatUid: string;
          }[]
        ).filter((one) => one.type === 'consent.undelivered'),
      (found) => found.length > 0,
      'consent.undelivered in the inbox',
      5_000,
    );
    expect(Date.now() - reported).toBeLessThan(5_000);
    expect(inbox).toEqual([
      expect.objectContaining({ type: 'consent.undelivered', seatUid, category: 'consent' }),
    ]);
    expect((await deliveryEvents(accountUid)).at(-1)).toEqual({
      status: 'failed',
      failureReason: 'not_on_whatsapp',
    });
    // The guardian shares the link another way: it is still there.
    expect((await call('GET', `/seats/${seatUid}`, { token: owner.token })).body.data.consent.link).toMatch(
      /\/c\//,
    );
  });

  it('a permanent refusal fails the delivery at once, with its reason and one try', async () => {
    const { owner, seatUid, phone } = await familyWithPerson();
    await planNextSend({ to: phone, errorCode: 132015 });
    await ask(owner.token, seatUid);
    expect(await deliveryReaches(owner.token, seatUid, 'failed')).toMatchObject({
      failureReason: 'template_unavailable',
    });
    const tries = await awaitLogLines<{ seatUid?: string; outcome?: string }>(
      'consent_send.handled',
      (line) => line.seatUid === seatUid,
      1,
    );
    expect(tries.map((line) => line.outcome)).toEqual(['failed']);
    expect(await sentTo(phone)).toEqual([]);
  });

  it('a temporary refusal is tried again after a wait, and the link goes out once', async () => {
    const { owner, seatUid, phone } = await familyWithPerson();
    await planNextSend({ to: phone, errorCode: 130429 });
    await ask(owner.token, seatUid);
    await deliveryReaches(owner.token, seatUid, 'sent');
    const tries = await awaitLogLines<{ seatUid?: string; outcome?: string; attempt?: number }>(
      'consent_send.handled',
      (line) => line.seatUid === seatUid,
      2,
    );
    expect(tries.map((line) => [line.attempt, line.outcome])).toEqual([
      [1, 'retrying'],
      [2, 'sent'],
    ]);
    expect(await sentTo(phone)).toHaveLength(1);
  });

  it('temporary refusals until the tries are spent: failed, limit reached', async () => {
    const { owner, seatUid, phone } = await familyWithPerson();
    // The local stack gives a send 3 tries (CONSENT_SEND_ATTEMPTS).
    await planNextSend({ to: phone, errorCode: 131056, times: 3 });
    await ask(owner.token, seatUid);
    expect(await deliveryReaches(owner.token, seatUid, 'failed', 30_000)).toMatchObject({
      failureReason: 'limit_reached',
    });
    expect(await sentTo(phone)).toEqual([]);
  });

  it('a send that times out is not made again; its status webhook still finds the delivery', async () => {
    const { owner, seatUid, phone } = await familyWithPerson();
    // Longer than the local stack's WHATSAPP_TIMEOUT_MS: Meta accepted it, the worker cannot know.
    await planNextSend({ to: phone, delayMs: 4_000 });
    await ask(owner.token, seatUid);
    const tries = await awaitLogLines<{ seatUid?: string; outcome?: string }>(
      'consent_send.handled',
      (line) => line.seatUid === seatUid,
      1,
    );
    // Its queue message may come back meanwhile (the visibility timeout): the claimed try is not made again.
    expect(new Set(tries.map((line) => line.outcome))).toEqual(new Set(['outcome_unknown']));
    expect(await deliveryOf(owner.token, seatUid)).toMatchObject({ status: 'queued' });
    const [sent, ...more] = await sentTo(phone);
    expect(more).toEqual([]);
    await receipt({ messageId: sent?.messageId ?? '', status: 'sent' });
    await deliveryReaches(owner.token, seatUid, 'sent');
    expect(await sentTo(phone)).toHaveLength(1);
  });

  it('a resend starts a new delivery; reports about the old one change nothing', async () => {
    const { owner, seatUid, phone } = await familyWithPerson();
    await ask(owner.token, seatUid);
    await deliveryReaches(owner.token, seatUid, 'sent');
    const [first] = await sentTo(phone);
    // `send: now` on the open request sends the same link again, as a new delivery.
    await ask(owner.token, seatUid);
    await eventually(
      () => sentTo(phone),
      (sends) => sends.length === 2,
      'the second send',
    );
    await deliveryReaches(owner.token, seatUid, 'sent');
    await receipt({ messageId: first?.messageId ?? '', status: 'read' });
    const handled = await awaitLogLines<{ entryId?: string; outcome?: string }>(
      'business_event.handled',
      (line) => line.entryId === first?.messageId && line.outcome === 'stale',
      1,
    );
    expect(handled).toHaveLength(1);
    expect(await deliveryOf(owner.token, seatUid)).toMatchObject({ status: 'sent' });
  });
});
