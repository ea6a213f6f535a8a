import { randomUUID } from 'node:crypto';
import { eventually, lastRead } from '../../support/eventually';
import { normaliseEmail } from '../../../shared/domain/people/email';
import { committedContract } from '../../support/contract';
import { stackLogLines, stackValue } from './stack';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read any field
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** One call's answer as the load run counts it (route, status, time to the whole body). */
export interface CallRecord {
  method: string;
  path: string;
  status: number;
  ms: number;
}

let callObserver: ((record: CallRecord) => void) | undefined;

/** Sees every call's answer before its contract check: the load run times routes and counts 5xx. */
export const observeCalls = (observer: ((record: CallRecord) => void) | undefined): void => {
  callObserver = observer;
};

/** Every answer is checked against the committed OpenAPI document, so the document cannot drift. */
const checkContract = committedContract();

/**
 * One HTTP call to the local stack's API. An answer the OpenAPI document does not describe (its
 * status for the route, or its body against that status's schema) fails the test that made it.
 */
export const call = async (method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> => {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.form !== undefined) body = options.form;
  else if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (typeof body === 'string') headers['content-type'] ??= 'application/json';
  const started = performance.now();
  const response = await fetch(`${stackValue('apiUrl')}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  callObserver?.({ method, path, status: response.status, ms: performance.now() - started });
  const answer = {
    status: response.status,
    headers: response.headers,
    body: text === '' ? null : JSON.parse(text),
  };
  const problems = checkContract({
    method,
    path: path.split('?')[0] ?? path,
    status: answer.status,
    contentType: response.headers.get('content-type'),
    body: answer.body,
  });
  if (problems.length > 0)
    throw new Error(
      `${method} ${path} answered ${answer.status}, which docs/openapi.json does not describe:\n- ${problems.join('\n- ')}\n${text.slice(0, 2000)}`,
    );
  return answer;
};

export const uniqueEmail = (name = 'guardian'): string => `${name}-${randomUUID().slice(0, 8)}@example.com`;
/** Each test that counts per-IP budgets speaks from its own network (an IPv6 /64 of its own: limits count /64s). */
export const uniqueIp = (): string => `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;

type Delivery = { email: string; code?: string; token?: string };

/** Waits (bounded) for the dev-delivery log line of the address that was not seen before. */
export const nextDelivery = async (
  email: string,
  seen = 0,
  deadlineMs = 10_000,
): Promise<Delivery & { index: number }> => {
  const deliveries = await eventually(
    async () =>
      (await stackLogLines<Delivery>('otp.dev_delivery')).filter(
        (delivery) => delivery.email === normaliseEmail(email),
      ),
    (found) => found[seen] !== undefined,
    `OTP delivery #${seen + 1} for ${email}`,
    { deadlineMs, everyMs: 25 },
  );
  return { ...(deliveries[seen] as Delivery), index: seen };
};

export const deliveriesSoFar = async (email: string): Promise<number> =>
  (await stackLogLines<Delivery>('otp.dev_delivery')).filter(
    (delivery) => delivery.email === normaliseEmail(email),
  ).length;

/** Signs a new user up through the real routes and returns the access token. */
export const signUp = async (email = uniqueEmail()): Promise<{ email: string; token: string }> => {
  const seen = await deliveriesSoFar(email);
  const requested = await call('POST', '/auth/otp/request', {
    body: { email, delivery: 'code', intent: 'signup' },
    headers: { 'x-forwarded-for': uniqueIp() },
  });
  if (requested.status !== 202) throw new Error(`request failed: ${JSON.stringify(requested.body)}`);
  const { code } = await nextDelivery(email, seen);
  const verified = await call('POST', '/auth/otp/verify', {
    body: { email, code },
    headers: { 'x-forwarded-for': uniqueIp() },
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { email, token: verified.body.data.accessToken as string };
};

/** A signed-up owner with a family account. */
export const newFamily = async (name = 'Silva') => {
  const owner = await signUp(uniqueEmail('owner'));
  const account = await call('POST', '/accounts', { token: owner.token, body: { name } });
  return { owner, accountUid: account.body.data.uid as string };
};

/** The seats `addSeat` added in this test file (the browser tier ends their pairings after it). */
const seatsAddedHere: { token: string; seatUid: string }[] = [];

export const addSeat = async (token: string, accountUid: string): Promise<string> => {
  const seatUid = (await call('POST', `/accounts/${accountUid}/seats`, { token })).body.data.uid as string;
  seatsAddedHere.push({ token, seatUid });
  return seatUid;
};

/**
 * Ends the pairing of every seat this file added, whatever opened it (the person's page, the
 * guardian's screen), so that its proxy slot is free for the next file: the pool is a few slots,
 * shared by the e2e and browser tiers. A seat that has none answers 204 all the same.
 */
export const releaseSeatsAddedHere = async (): Promise<void> => {
  for (const { token, seatUid } of seatsAddedHere.splice(0))
    await call('DELETE', `/seats/${seatUid}/pairing`, { token });
};

export { validDependent } from '../../support/fixtures';

/** Resends a consent link as soon as the wait allows (bounded): the observable result is the 201. */
export const resendWhenAllowed = (token: string, seatUid: string): Promise<ApiAnswer> =>
  lastRead(
    () => call('POST', `/seats/${seatUid}/consent-request/resend`, { token }),
    (answer) => answer.status !== 422 || answer.body.error.code !== 'RESEND_LOCKED',
    { deadlineMs: 10_000, everyMs: 100 },
  );
