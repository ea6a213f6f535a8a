import { describe, expect, it } from 'vitest';
import { issueStreamTicket, openAccountStream } from '../../../../shared/app/events/streams';
import type { Deps } from '../../../../shared/app/deps';
import type { ServiceError } from '../../../../shared/domain/errors';
import type { Family } from '../../../../shared/domain/family/account';
import type { StreamTicket } from '../../../../shared/ports/event-log';

const accountUid = 'acc_AAAAAAAAAAAAAAAAAAAA';
const family = (userUids: string[]): Family => ({
  account: { uid: accountUid, name: 'Silva', createdAt: '', version: 0 },
  members: userUids.map((userUid) => ({
    accountUid,
    userUid,
    role: 'owner' as const,
    relationship: null,
    email: 'o@example.com',
    joinedAt: '',
    version: 0,
  })),
  seats: [],
  subscription: null,
});

const setup = (members = ['usr_1']) => {
  const held = new Map<string, StreamTicket>();
  let now = Date.parse('2026-11-22T10:00:00Z');
  const deps = {
    families: { load: async () => family(members) } as unknown as Deps['families'],
    secrets: { urlToken: () => `t${held.size}`, numericCode: () => '0' },
    hasher: { digest: (purpose: string, value: string) => `${purpose}:${value}` },
    clock: { now: () => new Date(now) },
    tickets: {
      issue: async (hash: string, ticket: StreamTicket) => void held.set(hash, ticket),
      consume: async (hash: string) => {
        const ticket = held.get(hash) ?? null;
        held.delete(hash);
        return ticket;
      },
    },
    settings: { stream: { ticketTtlSeconds: 60, pingSeconds: 5 } } as Deps['settings'],
  };
  return { deps, later: (ms: number) => (now += ms) };
};
const codeOf = async (run: Promise<unknown>) =>
  run.then(
    () => undefined,
    (error) => (error as ServiceError).code,
  );

describe('stream tickets', () => {
  it('open the account’s stream once, within 60 seconds, for a member', async () => {
    const { deps } = setup();
    const { ticket, expiresAt } = await issueStreamTicket(deps, { userUid: 'usr_1' }, accountUid);
    expect(expiresAt).toBe('2026-11-22T10:01:00.000Z');
    await expect(openAccountStream(deps, accountUid, ticket)).resolves.toEqual({
      topic: { kind: 'account', accountId: accountUid },
      userUid: 'usr_1',
    });
    expect(await codeOf(openAccountStream(deps, accountUid, ticket))).toBe('UNAUTHORIZED');
  });

  it('refuse an expired ticket, another account’s, and one whose user left the family', async () => {
    const { deps, later } = setup();
    const expired = (await issueStreamTicket(deps, { userUid: 'usr_1' }, accountUid)).ticket;
    later(61_000);
    expect(await codeOf(openAccountStream(deps, accountUid, expired))).toBe('UNAUTHORIZED');
    const foreign = (await issueStreamTicket(deps, { userUid: 'usr_1' }, accountUid)).ticket;
    expect(await codeOf(openAccountStream(deps, 'acc_BBBBBBBBBBBBBBBBBBBB', foreign))).toBe('UNAUTHORIZED');
    const { deps: left } = setup(['usr_1']);
    const ticket = (await issueStreamTicket(left, { userUid: 'usr_1' }, accountUid)).ticket;
    left.families = { load: async () => family(['usr_2']) } as unknown as Deps['families'];
    expect(await codeOf(openAccountStream(left, accountUid, ticket))).toBe('UNAUTHORIZED');
  });
});
