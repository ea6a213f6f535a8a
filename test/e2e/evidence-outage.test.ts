import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { startLocalStack, type RunningStack } from '../support/local-stack';
import { validDependent } from '../support/fixtures';

/**
 * A stack whose evidence store cannot write (its folder is under a file): verification may pass,
 * but nothing can be kept, so the upload answers 503 and nothing is recorded.
 */
let stack: RunningStack;
beforeAll(async () => {
  stack = await startLocalStack({ EVIDENCE_DIR: '/dev/null/evidence' });
});
afterAll(async () => stack.stop());

const api = async (
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData } = {},
) => {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.form
      ? { body: options.form }
      : options.body === undefined
        ? {}
        : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
};

const codeFromLog = async (email: string): Promise<string> => {
  const line = await eventually(
    () =>
      readFileSync(stack.logFile, 'utf8')
        .split('\n')
        .find((entry) => entry.includes('"msg":"otp.dev_delivery"') && entry.includes(email)),
    (found) => found !== undefined,
    `the code for ${email}`,
    { deadlineMs: 10_000, everyMs: 25 },
  );
  return JSON.parse(line as string).code as string;
};

describe('when evidence cannot be kept', () => {
  it('answers 503 EVIDENCE_VERIFICATION_UNAVAILABLE and records nothing', async () => {
    const email = 'outage@example.com';
    await api('POST', '/auth/otp/request', { body: { email, delivery: 'code', intent: 'signup' } });
    const token = (await api('POST', '/auth/otp/verify', { body: { email, code: await codeFromLog(email) } }))
      .body.data.accessToken as string;
    const accountUid = (await api('POST', '/accounts', { token, body: { name: 'Outage' } })).body.data
      .uid as string;
    const seatUid = (await api('POST', `/accounts/${accountUid}/seats`, { token })).body.data.uid as string;
    await api('PUT', `/seats/${seatUid}/dependent`, { token, body: { ...validDependent, name: 'Bia' } });
    const link = (await api('POST', `/seats/${seatUid}/consent-request`, { token, body: { send: 'later' } }))
      .body.data.seat.consent.link as string;
    const linkToken = link.split('/c/')[1] ?? '';

    const form = new FormData();
    form.append(
      'selfie',
      new Blob([readFileSync(new URL('../fixtures/evidence/one-face.png', import.meta.url))]),
      'selfie',
    );
    form.append(
      'audio',
      new Blob([readFileSync(new URL('../fixtures/evidence/phrase.wav', import.meta.url))]),
      'audio',
    );
    const upload = await api('POST', `/consent-requests/${linkToken}/evidence`, { form });
    expect(upload.status).toBe(503);
    expect(upload.body.error.code).toBe('EVIDENCE_VERIFICATION_UNAVAILABLE');
    expect((await api('GET', `/consent-requests/${linkToken}`)).body.data.evidenceVerified).toBe(false);
    expect((await api('POST', `/consent-requests/${linkToken}/accept`, { body: {} })).body.error.code).toBe(
      'EVIDENCE_REQUIRED',
    );
  });
});
