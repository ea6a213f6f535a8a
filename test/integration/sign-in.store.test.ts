import { beforeAll, describe, expect, it } from 'vitest';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoOtpStore } from '../../shared/adapters/dynamo/otp.store';
import { dynamoRateLimiter } from '../../shared/adapters/dynamo/rate-limiter';
import type { MagicLink, OtpChallenge } from '../../shared/domain/auth/otp';
import { freshTable } from '../support/table';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

const challenge = (fields: Partial<OtpChallenge> = {}): OtpChallenge => ({
  requestId: 'r1',
  chainId: 'r1',
  delivery: 'code',
  codeHash: 'h1',
  linkHash: null,
  replacedCodes: [],
  attempts: 0,
  expiresAtMs: 2_000_000_000_000,
  usedAtMs: null,
  subject: { kind: 'user', userUid: 'usr_1' },
  ...fields,
});

describe('the sign-in store', () => {
  it('counts wrong attempts, even for an address nobody asked a code for', async () => {
    const otp = dynamoOtpStore(table);
    expect(await otp.countWrongAttempt('never-asked', Date.now() + 60_000)).toBe(1);
    expect(await otp.countWrongAttempt('never-asked', Date.now() + 60_000)).toBe(2);
    expect((await otp.signInState('never-asked')).challenge).toMatchObject({
      attempts: 2,
      subject: { kind: 'nobody' },
    });
  });

  it('resets the attempts when a new request replaces the challenge', async () => {
    const otp = dynamoOtpStore(table);
    await otp.replaceChallenge('e1', challenge(), null, null, 0);
    await otp.countWrongAttempt('e1', 0);
    await otp.replaceChallenge('e1', challenge({ requestId: 'r2' }), null, null, 0);
    expect((await otp.signInState('e1')).challenge?.attempts).toBe(0);
  });

  it('consumes a code once; a second consumption conflicts', async () => {
    const otp = dynamoOtpStore(table);
    await otp.replaceChallenge('e2', challenge(), null, null, 0);
    const current = (await otp.signInState('e2')).challenge!;
    await otp.consumeCode('e2', current, 5, null);
    await expect(otp.consumeCode('e2', current, 6, null)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await otp.signInState('e2')).challenge?.usedAtMs).toBe(5);
  });

  it('marks the replaced link when a new one is stored', async () => {
    const otp = dynamoOtpStore(table);
    const link = (hash: string): MagicLink => ({
      linkHash: hash,
      emailHash: 'e3',
      requestId: hash,
      chainId: 'c',
      expiresAtMs: 2_000_000_000_000,
      usedAtMs: null,
      replacedAtMs: null,
      subject: { kind: 'user', userUid: 'usr_1' },
    });
    await otp.replaceChallenge(
      'e3',
      challenge({ delivery: 'link', linkHash: 'L1', codeHash: null }),
      link('L1'),
      null,
      0,
    );
    await otp.replaceChallenge(
      'e3',
      challenge({ delivery: 'link', linkHash: 'L2', codeHash: null }),
      link('L2'),
      'L1',
      77,
    );
    expect((await otp.getLink('L1'))?.replacedAtMs).toBe(77);
    expect((await otp.getLink('L2'))?.replacedAtMs).toBeNull();
    expect(await otp.getLink('nope')).toBeNull();
  });
});

describe('the rate limiter', () => {
  it('counts a fixed window, refuses past the limit with the seconds left, and opens a new window after it ends', async () => {
    let nowMs = 1_000_000_000;
    const limiter = dynamoRateLimiter(
      table,
      { digest: (_p, v) => `hash:${v}` },
      { now: () => new Date(nowMs) },
    );
    const rule = { limit: 2, windowSeconds: 60 };
    expect(await limiter.hit('r', 'ip-1', rule)).toEqual({ allowed: true });
    nowMs += 10_000;
    expect(await limiter.hit('r', 'ip-1', rule)).toEqual({ allowed: true });
    expect(await limiter.hit('r', 'ip-1', rule)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await limiter.hit('r', 'ip-2', rule)).toEqual({ allowed: true });
    nowMs += 50_000; // the window has ended, though TTL has not removed the item
    expect(await limiter.hit('r', 'ip-1', rule)).toEqual({ allowed: true });
  });

  it('keeps the identifier only as a hash in the key', async () => {
    const limiter = dynamoRateLimiter(table, { digest: () => 'HASHED' }, { now: () => new Date() });
    await limiter.hit('rule', 'ana@example.com', { limit: 1, windowSeconds: 60 });
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: { PK: 'RATE#rule#HASHED', SK: 'RATE' } }),
    );
    expect(Item).toMatchObject({ count: 1 });
    expect(JSON.stringify(Item)).not.toContain('ana@');
  });
});

describe('the sign-in state of an address', () => {
  it('reads the address’s user and its challenge together, in one query', async () => {
    const otp = dynamoOtpStore(table);
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { PK: 'EMAIL#e9', SK: 'EMAIL', type: 'email', userUid: 'usr_9' },
      }),
    );
    expect(await otp.signInState('e9')).toEqual({ userUid: 'usr_9', challenge: null });
    await otp.replaceChallenge('e9', challenge(), null, null, 0);
    expect(await otp.signInState('e9')).toEqual({ userUid: 'usr_9', challenge: challenge() });
  });
});
