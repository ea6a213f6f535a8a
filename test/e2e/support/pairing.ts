import { devSecrets } from '../../../localstack/dev-config';
import { dynamoProxyPool } from '../../../shared/adapters/dynamo/proxy-pool';
import { eventually } from '../../support/eventually';
import { call, uniqueIp, type ApiAnswer } from './api';
import { stackTable } from './consent';
import { stackValue } from './stack';

export const guardianPairing = (token: string, seatUid: string) =>
  call('GET', `/seats/${seatUid}/pairing`, { token });

/** Waits until the guardian's view of the pairing has `status`. */
export const pairingReaches = (token: string, seatUid: string, status: string, deadlineMs?: number) =>
  eventually(
    () => guardianPairing(token, seatUid),
    (answer: ApiAnswer) => answer.body?.data?.status === status,
    `pairing ${status}`,
    deadlineMs,
  );

interface SimSession {
  name: string;
  status: string;
  config: { metadata: Record<string, string>; proxy: unknown };
  me: { id: string } | null;
}

/** The simulator's sessions of a seat (by the `seatUid` in their metadata), newest pairing last. */
export const sessionsOf = async (seatUid: string): Promise<SimSession[]> => {
  const all = (await (
    await fetch(`${stackValue('sessionProviderUrl')}/api/sessions`, {
      headers: { 'x-api-key': devSecrets.SESSION_PROVIDER_API_KEY },
    })
  ).json()) as SimSession[];
  return all
    .filter((session) => session.config.metadata['seatUid'] === seatUid)
    .sort((a, b) =>
      (a.config.metadata['pairingId'] ?? '').localeCompare(b.config.metadata['pairingId'] ?? ''),
    );
};

export const sessionOf = async (seatUid: string, deadlineMs?: number): Promise<string> => {
  const sessions = await eventually(
    () => sessionsOf(seatUid),
    (list) => list.length > 0,
    'a session',
    deadlineMs,
  );
  return (sessions.at(-1) as SimSession).name;
};

/** A simulator control (docs/local-stack.md "Ports and simulators"): the person's side of the pairing. */
export const simulate = async (session: string, action: string, body: unknown = {}) => {
  const answer = await fetch(
    `${stackValue('sessionProviderUrl')}/_sim/sessions/${encodeURIComponent(session)}/${action}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  if (!answer.ok) throw new Error(`simulator ${action}: ${answer.status}`);
};

/** The person's number as the family gave it (the guardian's view of the seat). */
export const personPhone = async (family: { owner: { token: string }; seatUid: string }): Promise<string> =>
  (await call('GET', `/seats/${family.seatUid}`, { token: family.owner.token })).body.data.dependent
    .phone as string;

/**
 * The person links the seat's session with their own phone: the simulator's `link` with the number
 * (the provider learns it from the phone, never from the session's metadata).
 */
export const linkPerson = async (
  family: { owner: { token: string }; seatUid: string },
  session?: string,
): Promise<void> =>
  simulate(session ?? (await sessionOf(family.seatUid)), 'link', { phone: await personPhone(family) });

export const personCall = (method: string, path: string, body?: unknown) =>
  call(method, path, { ...(body === undefined ? {} : { body }), headers: { 'x-forwarded-for': uniqueIp() } });

/**
 * Waits until the seat's first history import (its warm-up, joined at the first `paired`) is over:
 * the seat is then `protecting` (or `needs_you`), no longer `warming_up`.
 */
export const warmedUp = (token: string, seatUid: string, deadlineMs?: number) =>
  eventually(
    () => call('GET', `/seats/${seatUid}/history-import`, { token }),
    (answer: ApiAnswer) => ['done', 'failed', 'stuck'].includes(String(answer.body?.data?.status)),
    'the warm-up',
    deadlineMs,
  );

/**
 * The proxy slots free in the tier's pool (the room of its active addresses: the stack's few
 * configured ones, and any a test bought or added), or null before the first pairing seeds it.
 */
export const freeProxySlots = async (): Promise<number | null> => {
  const pool = await dynamoProxyPool(stackTable()).list();
  if (pool.length === 0) return null;
  return pool
    .filter((proxy) => proxy.status === 'active')
    .reduce((free, proxy) => free + proxy.capacity - proxy.bound, 0);
};

/** The seats `pair` paired in this file: the tier's setup unlinks them after it (releasePairings). */
const pairedHere: { owner: { token: string }; seatUid: string }[] = [];

/**
 * Ends every pairing `pair` made in this file, so that its proxy slot is free for the next file (the
 * tier's pool is a few slots). A seat archived or stopped meanwhile has none left to end.
 */
export const releasePairings = async (): Promise<void> => {
  for (const family of pairedHere.splice(0))
    await call('DELETE', `/seats/${family.seatUid}/pairing`, { token: family.owner.token });
};

/**
 * A pairing on the guardian's screen (QR), linked by the person: `paired`, its warm-up (the first
 * history read, of the simulator's empty history unless one was seeded) over. Returns its session.
 * `deadlineMs` bounds each wait (the load run, on a crowded stack, allows more than the default).
 */
export const pair = async (
  family: { owner: { token: string }; seatUid: string },
  deadlineMs?: number,
  /** What the provider holds before the person links (a seeded history, a fault of its own). */
  beforeLink?: (session: string) => Promise<void>,
): Promise<string> => {
  const started = await call('POST', `/seats/${family.seatUid}/pairing`, {
    token: family.owner.token,
    body: { channel: 'chat', method: 'qr' },
  });
  if (started.status !== 201) throw new Error(`pairing start: ${JSON.stringify(started.body)}`);
  pairedHere.push(family);
  await pairingReaches(family.owner.token, family.seatUid, 'challenge', deadlineMs);
  const session = await sessionOf(family.seatUid, deadlineMs);
  await beforeLink?.(session);
  await linkPerson(family, session);
  await pairingReaches(family.owner.token, family.seatUid, 'paired', deadlineMs);
  // A later pairing of the seat has no warm-up; a first one has one to wait for.
  const first = (await call('GET', `/seats/${family.seatUid}/history-import`, { token: family.owner.token }))
    .body?.data?.first;
  if (first === true) await warmedUp(family.owner.token, family.seatUid, deadlineMs);
  return session;
};
