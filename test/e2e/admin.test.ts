import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { call, newFamily, uniqueEmail } from './support/api';
import { operator } from './support/operators';
import { eventsOf, protectedSeat } from './support/consent';
import { guardianPairing, pair, sessionsOf } from './support/pairing';
import { eventually } from '../support/eventually';

/** The backoffice's operators: the roster as the role in force, the member routes, the audit trail. */
const members = async (token: string) => (await call('GET', '/admin/members', { token })).body.data.members;

describe('operator sign-in', () => {
  it('npm run operator-token records the operator and prints a token the API accepts', async () => {
    const { endpoint, tableName } = inject('stackDynamo');
    const email = uniqueEmail('ops');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'localstack/operator-token.ts', email, '--role', 'owner'],
      {
        env: { ...process.env, DYNAMODB_PORT: new URL(endpoint).port, TABLE_NAME: tableName },
        timeout: 20_000,
      },
    );
    const answer = await call('GET', '/admin/members', { token: stdout.trim() });
    expect(answer.status).toBe(200);
    expect(answer.body.data.members).toContainEqual(
      expect.objectContaining({ email, role: 'owner', createdAt: expect.any(String) }),
    );
  });

  it('the roster is the role in force: a demoted owner is an operator at once, a removed one is nobody', async () => {
    const owner = await operator('owner');
    const other = await operator('owner');
    expect((await call('GET', '/admin/members', { token: other.token })).status).toBe(200);

    const demoted = await call('PATCH', `/admin/members/${other.uid}`, {
      token: owner.token,
      body: { role: 'operator' },
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data).toEqual({
      uid: other.uid,
      email: other.email,
      role: 'operator',
      createdAt: other.createdAt,
    });
    // Its token still says `owner` in its group claim: the roster wins.
    const refused = await call('GET', '/admin/members', { token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await call('GET', '/admin/audit', { token: other.token })).status).toBe(200);

    expect((await call('DELETE', `/admin/members/${other.uid}`, { token: owner.token })).status).toBe(204);
    const gone = await call('GET', '/admin/audit', { token: other.token });
    expect(gone.status).toBe(401);
    expect(gone.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('operator members', () => {
  it('an owner invites, and refuses self-invitation and a present address', async () => {
    const owner = await operator('owner');
    const email = uniqueEmail('new-ops');
    const invited = await call('POST', '/admin/members', {
      token: owner.token,
      body: { email, role: 'operator' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toEqual({
      uid: expect.any(String),
      email,
      role: 'operator',
      createdAt: expect.any(String),
    });
    expect(await members(owner.token)).toContainEqual(invited.body.data);

    const self = await call('POST', '/admin/members', {
      token: owner.token,
      body: { email: owner.email, role: 'owner' },
    });
    expect([self.status, self.body.error.code]).toEqual([422, 'SELF_INVITE']);
    const again = await call('POST', '/admin/members', {
      token: owner.token,
      body: { email, role: 'owner' },
    });
    expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  it('refuses one’s own role change and unknown members', async () => {
    const owner = await operator('owner');
    const self = await call('PATCH', `/admin/members/${owner.uid}`, {
      token: owner.token,
      body: { role: 'operator' },
    });
    expect([self.status, self.body.error.code]).toEqual([422, 'SELF_CHANGE']);
    for (const [method, body] of [
      ['PATCH', { role: 'operator' }],
      ['DELETE', undefined],
    ] as const) {
      const unknown = await call(method, '/admin/members/no-such-member', {
        token: owner.token,
        ...(body === undefined ? {} : { body }),
      });
      expect([unknown.status, unknown.body.error.code]).toEqual([422, 'MEMBER_UNKNOWN']);
    }
  });

  it('an owner may leave; the token stops at once', async () => {
    const owner = await operator('owner');
    expect((await call('DELETE', `/admin/members/${owner.uid}`, { token: owner.token })).status).toBe(204);
    expect((await call('GET', '/admin/audit', { token: owner.token })).status).toBe(401);
  });

  it('an operator may read but not manage members: 403 FORBIDDEN', async () => {
    const plain = await operator('operator');
    const owner = await operator('owner');
    for (const [method, path, body] of [
      ['GET', '/admin/members', undefined],
      ['POST', '/admin/members', { email: uniqueEmail('x'), role: 'operator' }],
      ['PATCH', `/admin/members/${owner.uid}`, { role: 'operator' }],
      ['DELETE', `/admin/members/${owner.uid}`, undefined],
    ] as const) {
      const answer = await call(method, path, {
        token: plain.token,
        ...(body === undefined ? {} : { body }),
      });
      expect([answer.status, answer.body.error.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await call('GET', '/admin/audit', { token: plain.token })).status).toBe(200);
  });
});

describe('the audit trail', () => {
  it('lists every operator action newest first, walked by its cursor', async () => {
    const owner = await operator('owner');
    const invited = await call('POST', '/admin/members', {
      token: owner.token,
      body: { email: uniqueEmail('audited'), role: 'operator' },
    });
    const uid = invited.body.data.uid as string;
    await call('PATCH', `/admin/members/${uid}`, { token: owner.token, body: { role: 'owner' } });
    await call('DELETE', `/admin/members/${uid}`, { token: owner.token });

    const first = await call('GET', '/admin/audit?limit=2', { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.data.audit).toHaveLength(2);
    const second = await call('GET', `/admin/audit?limit=2&cursor=${first.body.data.nextCursor}`, {
      token: owner.token,
    });
    const mine = [...first.body.data.audit, ...second.body.data.audit].filter(
      (entry: { target: { uid: string } }) => entry.target.uid === uid,
    );
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual([
      'operator_member.removed',
      'operator_member.role_changed',
      'operator_member.invited',
    ]);
    for (const entry of mine) {
      expect(entry).toEqual({
        id: expect.any(String),
        at: expect.any(String),
        actor: { kind: 'operator', uid: owner.uid },
        action: expect.any(String),
        target: { kind: 'operator_member', uid },
      });
    }
  });

  it('refuses a limit over 200 (VALIDATION) and a broken or mismatched cursor (BAD_REQUEST)', async () => {
    const { token } = await operator('operator');
    const over = await call('GET', '/admin/audit?limit=201', { token });
    expect([over.status, over.body.error.code]).toEqual([400, 'VALIDATION']);
    const broken = await call('GET', '/admin/audit?cursor=not-a-cursor', { token });
    expect([broken.status, broken.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    const page = await call('GET', '/admin/audit?limit=1', { token });
    const mismatched = await call('GET', `/admin/audit?limit=2&cursor=${page.body.data.nextCursor}`, {
      token,
    });
    expect([mismatched.status, mismatched.body.error.code]).toEqual([400, 'BAD_REQUEST']);
  });
});

describe('the user and dependent lists', () => {
  it('lists users and dependents newest first, masked, finds a user by its exact address, and never shows identities', async () => {
    await newFamily();
    const family = await protectedSeat({
      name: 'Zuleica Quintanilha',
      phone: '+5511976543287',
      birthDate: '2013-07-19',
    });
    const person = (await call('GET', `/seats/${family.seatUid}`, { token: family.owner.token })).body.data;
    const { token } = await operator('operator');
    const masked = `${family.owner.email.slice(0, 1)}***@example.com`;

    const found = await call(
      'GET',
      `/admin/users?email=${encodeURIComponent(family.owner.email.toUpperCase())}`,
      {
        token,
      },
    );
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({
      users: [{ uid: expect.any(String), email: masked, createdAt: expect.any(String) }],
      nextCursor: null,
    });
    const none = await call('GET', '/admin/users?email=nobody-here%40example.com', { token });
    expect(none.body.data).toEqual({ users: [], nextCursor: null });

    const first = await call('GET', '/admin/users?limit=2', { token });
    expect(first.body.data.users).toHaveLength(2);
    const second = await call('GET', `/admin/users?limit=2&cursor=${first.body.data.nextCursor}`, { token });
    const walked = [...first.body.data.users, ...second.body.data.users];
    expect(new Set(walked.map((user: { uid: string }) => user.uid)).size).toBe(walked.length);
    const instants = walked.map((user: { createdAt: string }) => user.createdAt);
    expect(instants).toEqual([...instants].sort().reverse());
    const over = await call('GET', '/admin/users?limit=101', { token });
    expect([over.status, over.body.error.code]).toEqual([400, 'VALIDATION']);
    const otherFilter = await call(
      'GET',
      `/admin/users?limit=2&email=x%40example.com&cursor=${first.body.data.nextCursor}`,
      { token },
    );
    expect([otherFilter.status, otherFilter.body.error.code]).toEqual([400, 'BAD_REQUEST']);

    const dependents = await call('GET', '/admin/dependents?limit=5', { token });
    expect(dependents.status).toBe(200);
    expect(dependents.body.data.dependents).toContainEqual({
      seatUid: family.seatUid,
      accountUid: family.accountUid,
      seatStatus: 'active',
      person: {
        kind: 'minor',
        name: 'Z. Q.',
        phone: '+55 11 9****-**87',
        document: `***.***.***-${String(person.dependent.document.number).slice(-2)}`,
        birthYear: '2013',
        relationship: 'child',
      },
      createdAt: expect.any(String),
    });
    if (dependents.body.data.nextCursor !== null) {
      const next = await call('GET', `/admin/dependents?limit=5&cursor=${dependents.body.data.nextCursor}`, {
        token,
      });
      expect(next.status).toBe(200);
      expect(next.body.data.dependents.map((row: { seatUid: string }) => row.seatUid)).not.toContain(
        family.seatUid,
      );
    }

    // Whole answers, searched for the guardian's address and the person's identity.
    const answers = JSON.stringify([found.body, first.body, second.body, dependents.body]);
    for (const secret of [
      family.owner.email,
      person.dependent.name,
      'Zuleica',
      person.dependent.phone,
      person.dependent.document.number,
      person.dependent.birthDate,
    ]) {
      expect(answers).not.toContain(secret);
    }
  });
});

describe('the overview', () => {
  it('answers counts from the counter items and the event queues’ depths', async () => {
    const { token } = await operator('operator');
    const answer = await call('GET', '/admin/overview', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      syncsRunning: expect.any(Number),
      syncsWaiting: expect.any(Number),
      syncsStuck: expect.any(Number),
      queue: {
        sessionEvents: {
          waiting: expect.any(Number),
          inFlight: expect.any(Number),
          dead: expect.any(Number),
        },
        businessEvents: {
          waiting: expect.any(Number),
          inFlight: expect.any(Number),
          dead: expect.any(Number),
        },
      },
    });
  });
});

describe('the backoffice pairing reset', () => {
  it('revokes the open pairing with its events, ends the session, audits it, counts it, shows it on the seat timeline; PAIRING_NOT_OPEN after', async () => {
    const family = await protectedSeat();
    const { token, uid } = await operator('operator');
    const overview = async () => (await call('GET', '/admin/overview', { token })).body.data;
    const before = await overview();
    await pair(family);
    const paired = await overview();
    expect(paired.pairingsPaired).toBe(before.pairingsPaired + 1);
    expect(paired.proxiesActive).toBeGreaterThanOrEqual(2);
    const reset = await call('POST', `/admin/seats/${family.seatUid}/pairing/reset`, { token });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ seatUid: family.seatUid, status: 'revoked' });
    expect((await guardianPairing(family.owner.token, family.seatUid)).body.data).toMatchObject({
      status: 'revoked',
      failureReason: 'reset_by_operator',
    });
    const types = (await eventsOf(family.accountUid)).map((item) => String(item['eventType']));
    expect(types).toEqual(expect.arrayContaining(['pairing.status', 'seat.state_changed']));
    await eventually(
      () => sessionsOf(family.seatUid),
      (sessions) => sessions.length === 0,
      'the session removed at the provider',
    );

    const audit = await call('GET', '/admin/audit?limit=10', { token });
    expect(audit.body.data.audit).toContainEqual(
      expect.objectContaining({
        actor: { kind: 'operator', uid },
        action: 'pairing.reset',
        target: { kind: 'seat', uid: family.seatUid },
      }),
    );
    expect((await overview()).pairingsPaired).toBe(before.pairingsPaired);
    const timeline = await call('GET', `/admin/seats/${family.seatUid}/timeline?limit=3`, { token });
    expect(timeline.status).toBe(200);
    const rest = await call(
      'GET',
      `/admin/seats/${family.seatUid}/timeline?limit=3&cursor=${timeline.body.data.nextCursor}`,
      {
        token,
      },
    );
    const events = [...timeline.body.data.events, ...rest.body.data.events];
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(['id', 'occurredAt', 'source', 'type']);
      expect(event.type).toMatch(/^(consent|pairing|subscription|trial|history)\./);
    }
    expect(new Set(events.map((event: { id: string }) => event.id)).size).toBe(events.length);
    expect(events.map((event: { type: string }) => event.type)).toContain('pairing.status');
    const instants = events.map((event: { occurredAt: string }) => event.occurredAt);
    expect(instants).toEqual([...instants].sort().reverse());
    const again = await call('POST', `/admin/seats/${family.seatUid}/pairing/reset`, { token });
    expect([again.status, again.body.error.code]).toEqual([422, 'PAIRING_NOT_OPEN']);
    const unknown = await call('POST', '/admin/seats/st_unknown/pairing/reset', { token });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('disabled backoffice pages', () => {
  it('answers /admin/sessions* and /admin/devices* 404 NOT_FOUND', async () => {
    const { token } = await operator('owner');
    for (const path of [
      '/admin/sessions',
      '/admin/sessions/x',
      '/admin/devices',
      '/admin/devices/x/restart',
    ]) {
      const answer = await call('GET', path, { token });
      expect([answer.status, answer.body.error.code]).toEqual([404, 'NOT_FOUND']);
    }
  });
});
