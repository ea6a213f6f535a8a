import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { withCheckDigits } from '../../shared/domain/people/cpf';
import { awaitLogLines } from './support/logs';
import { call, deliveriesSoFar, nextDelivery, uniqueIp } from './support/api';
import { asPerson, protectedSeat } from './support/consent';
import { pair, simulate } from './support/pairing';
import { guardianStream, personStream } from './support/streams';

/** What the stack has logged since `offset` (its log is one file, shared by the tests that run beside). */
const loggedSince = async (offset: number): Promise<string[]> => {
  const file = await open(inject('stackLog'), 'r');
  try {
    const { size } = await file.stat();
    const bytes = Buffer.alloc(size - offset);
    await file.read(bytes, 0, bytes.length, offset);
    return bytes.toString('utf8').split('\n');
  } finally {
    await file.close();
  }
};
const logSize = async () => {
  const file = await open(inject('stackLog'), 'r');
  try {
    return (await file.stat()).size;
  } finally {
    await file.close();
  }
};

/**
 * The local stand-ins for the mail and push providers write what a real provider would receive
 * (the dev-delivery lines: the code goes to the person's inbox that way); everything else is the
 * service's own logging, and holds none of the personal data below.
 */
const deliveries = /"msg":"(otp|notification)\.dev_delivery"/;

describe('the log lines of a whole journey', () => {
  it('name no person, phone, e-mail, document, token, code or message text, from sign-up to an alert’s excerpt', async () => {
    const start = await logSize();
    const unique = randomBytes(4).toString('hex');
    const personName = `Zuleika${unique}`;
    const guardianName = `Gertrudes${unique}`;
    const phoneDigits = `55119${String(Number.parseInt(unique, 16) % 100_000_000).padStart(8, '0')}`;
    // Someone the person talks to: another number, as personal as the person's own.
    const contactDigits = `55118${phoneDigits.slice(-8)}`;
    const cpfNine = String(100_000_000 + (Number.parseInt(unique, 16) % 800_000_000));
    const cpf = withCheckDigits(cpfNine);
    const marker = `quokka${unique}`;

    const family = await protectedSeat({
      name: personName,
      phone: `+${phoneDigits}`,
      document: { type: 'cpf', number: cpf },
    });
    await call('PATCH', '/me', { token: family.owner.token, body: { name: guardianName } });
    const guardians = await guardianStream(family.owner.token, family.accountUid);
    const person = await personStream(family.linkToken);
    const session = await pair(family);
    await simulate(session, 'messages', {
      from: `${contactDigits}@c.us`,
      body: `me liga ${marker} #risk:grooming:high`,
    });
    const opened = await guardians.until(
      (events) => events.some((event) => event.type === 'alert.opened'),
      'the alert on the account stream',
    );
    const alertUid = opened.find((event) => event.type === 'alert.opened')?.payload['alertUid'] as string;
    expect(
      (await call('POST', `/alerts/${alertUid}/excerpt`, { token: family.owner.token, body: {} })).status,
    ).toBe(200);
    // A second sign-in, by code, whose code is then used: the code is known to the test.
    const seen = await deliveriesSoFar(family.owner.email);
    await call('POST', '/auth/otp/request', {
      body: { email: family.owner.email, delivery: 'code', intent: 'login' },
      headers: { 'x-forwarded-for': uniqueIp() },
    });
    const { code } = await nextDelivery(family.owner.email, seen);
    const verified = await call('POST', '/auth/otp/verify', {
      body: { email: family.owner.email, code },
      headers: { 'x-forwarded-for': uniqueIp() },
    });
    expect(verified.status).toBe(200);
    expect((await asPerson('GET', `/consent-requests/${family.linkToken}`)).status).toBe(200);
    await awaitLogLines('session_event.handled', (line) => line['session'] === session, 2);
    guardians.close();
    person.close();

    const lines = (await loggedSince(start)).filter((line) => line !== '' && !deliveries.test(line));
    expect(lines.length).toBeGreaterThan(10);
    const personal = {
      'the person’s name': personName,
      'the guardian’s name': guardianName,
      'the e-mail address': family.owner.email,
      'the phone number': phoneDigits,
      'the phone number’s last eight digits': phoneDigits.slice(-8),
      'the contact’s number': contactDigits,
      'the CPF': cpf.replace(/\D/g, ''),
      'the access token': family.owner.token,
      'the new access token': verified.body.data.accessToken as string,
      'the consent link token': family.linkToken,
      'the sign-in code': `"${code}"`,
      'the message text': marker,
    };
    for (const [what, value] of Object.entries(personal)) {
      const found = lines.filter((line) => line.toLowerCase().includes(value.toLowerCase()));
      expect(found, what).toEqual([]);
    }
  });
});
