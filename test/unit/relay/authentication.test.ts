import { describe, expect, it } from 'vitest';
import { admit, signedPush, type RelayDeps } from '../../../functions/relay/authentication';
import type { ServiceError } from '../../../shared/domain/errors';
import type { Family } from '../../../shared/domain/family/account';

const accountUid = 'acc_AAAAAAAAAAAAAAAAAAAA';
const now = Date.parse('2026-11-22T10:00:00.000Z');
const family: Family = {
  account: { uid: accountUid, name: 'Silva', createdAt: '', version: 0 },
  members: [
    {
      accountUid,
      userUid: 'usr_1',
      role: 'owner',
      relationship: null,
      email: 'o@example.com',
      joinedAt: '',
      version: 0,
    },
  ],
  seats: [],
  subscription: null,
};

/** Fakes that record the order of what admission reads. */
const fakes = () => {
  const calls: string[] = [];
  const deps = {
    families: {
      load: async () => {
        calls.push('membership');
        return family;
      },
      findConsentLink: async () => null,
    } as unknown as RelayDeps['families'],
    hasher: { digest: (purpose: string, value: string) => `${purpose}:${value}` },
    clock: { now: () => new Date(now) },
    tickets: {
      issue: async () => undefined,
      consume: async (hash: string) => {
        calls.push('ticket');
        return hash === 'sse_ticket:good'
          ? { accountUid, userUid: 'usr_1', expiresAt: '2026-11-22T10:01:00.000Z' }
          : null;
      },
    },
    rateLimiter: {
      hit: async (rule: string, identifier: string) => {
        calls.push(`${rule}:${identifier}`);
        return { allowed: true as const };
      },
    } as unknown as RelayDeps['rateLimiter'],
    latestId: async () => {
      calls.push('position');
      return '01K00000000000000000000009';
    },
  };
  return { deps, calls };
};

describe('admission to a stream', () => {
  it('gives a guardian’s ticket its user, reading the live position before the membership check', async () => {
    const { deps, calls } = fakes();
    const admitted = await admit(
      deps,
      { kind: 'account', accountUid, ticket: 'good', resume: null },
      '192.0.2.1',
    );
    expect(admitted).toEqual({
      holder: { topic: { kind: 'account', accountId: accountUid }, userUid: 'usr_1', openedAt: now },
      lastId: '01K00000000000000000000009',
    });
    expect(calls).toEqual(['position', 'ticket', 'membership']);
  });

  it('starts after Last-Event-ID when given, and refuses a ticket that is not one 401', async () => {
    const { deps, calls } = fakes();
    const resume = '01K00000000000000000000001';
    expect((await admit(deps, { kind: 'account', accountUid, ticket: 'good', resume }, '')).lastId).toBe(
      resume,
    );
    expect(calls).not.toContain('position');
    const refused = await admit(deps, { kind: 'account', accountUid, ticket: 'forged', resume }, '').catch(
      (error: ServiceError) => error.code,
    );
    expect(refused).toBe('UNAUTHORIZED');
  });

  it('counts the person’s stream per link and per client address before the link is looked up', async () => {
    const { deps, calls } = fakes();
    const refused = await admit(
      deps,
      { kind: 'person', token: 'not-a-link', resume: null },
      '192.0.2.7',
    ).catch((error: ServiceError) => error.code);
    expect(refused).toBe('NOT_FOUND');
    expect(calls).toEqual(
      expect.arrayContaining(['person_stream_link:not-a-link', 'person_stream_ip:192.0.2.7']),
    );
  });
});

describe('a push’s signature', () => {
  it('is the keyed hash of its body, compared whole', () => {
    const { deps } = fakes();
    const body = '{"topics":[]}';
    expect(signedPush(deps, body, `relay_push:${body}`)).toBe(true);
    expect(signedPush(deps, body, `relay_push:${body} `)).toBe(false);
    expect(signedPush(deps, `${body} `, `relay_push:${body}`)).toBe(false);
    expect(signedPush(deps, body, '')).toBe(false);
  });
});
