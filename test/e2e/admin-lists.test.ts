import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { operator } from './support/operators';
import { protectedSeat } from './support/consent';
import { pair } from './support/pairing';

/** The backoffice's connection, consent, account, subscription and customer lists: one page at a time, masked. */
type Row = Record<string, unknown>;

/** Walks a list two rows a page until `found` is on it (or the list ends), checking each page's cursor. */
const walk = async (token: string, path: string, name: string, found: (row: Row) => boolean) => {
  const separator = path.includes('?') ? '&' : '?';
  const pages: { body: unknown; rows: Row[] }[] = [];
  let cursor: string | null = null;
  do {
    const answer = await call(
      'GET',
      `${path}${separator}limit=2${cursor === null ? '' : `&cursor=${cursor}`}`,
      {
        token,
      },
    );
    expect(answer.status).toBe(200);
    const rows = answer.body.data[name] as Row[];
    cursor = answer.body.data.nextCursor as string | null;
    // A cursor only after a full page.
    if (rows.length < 2) expect(cursor).toBeNull();
    pages.push({ body: answer.body, rows });
  } while (cursor !== null && !pages.at(-1)?.rows.some(found));
  return pages;
};

const secretsOf = (person: {
  name: string;
  phone: string;
  document: { number: string };
  birthDate: string;
}) => [
  person.name,
  ...person.name.split(' '),
  person.phone,
  person.phone.replace('+', ''),
  person.document.number,
  person.birthDate,
];

describe('the connection, consent, account, subscription and customer lists', () => {
  it('list newest first by one cursor each, filter connections by status, and never show who the person is', async () => {
    const family = await protectedSeat({
      name: 'Wenceslau Bragança',
      phone: '+5511965432178',
      birthDate: '2012-05-23',
    });
    await pair(family);
    const person = (await call('GET', `/seats/${family.seatUid}`, { token: family.owner.token })).body.data
      .dependent;
    const { token } = await operator('operator');
    const ofSeat = (row: Row) => row['seatUid'] === family.seatUid;
    const maskedPerson = {
      kind: 'minor',
      name: 'W. B.',
      phone: '+55 11 9****-**78',
      document: `***.***.***-${String(person.document.number).slice(-2)}`,
      birthYear: '2012',
      relationship: 'child',
    };

    const connections = await walk(token, '/admin/connections?status=paired', 'connections', ofSeat);
    expect(connections.at(-1)?.rows.find(ofSeat)).toEqual({
      seatUid: family.seatUid,
      accountUid: family.accountUid,
      person: maskedPerson,
      channel: 'chat',
      status: 'paired',
      pairedAt: expect.any(String),
      lastSeenAt: expect.any(String),
      sessionWorker: expect.any(String),
      proxyLabel: expect.any(String),
      // pair() waits for the warm-up: the first import is over.
      sync: { status: 'done', step: null },
    });
    const all = await walk(token, '/admin/connections?channel=chat', 'connections', ofSeat);
    expect(all.at(-1)?.rows.some(ofSeat)).toBe(true);
    const revoked = await call('GET', '/admin/connections?status=revoked&limit=100', { token });
    expect(revoked.body.data.connections.some(ofSeat)).toBe(false);

    const consents = await walk(token, '/admin/consents', 'consents', ofSeat);
    expect(consents.at(-1)?.rows.find(ofSeat)).toEqual({
      seatUid: family.seatUid,
      accountUid: family.accountUid,
      requestId: expect.any(String),
      status: 'given',
      person: maskedPerson,
      requestedAt: expect.any(String),
      expiresAt: expect.any(String),
      decidedAt: expect.any(String),
      evidenceVerified: true,
      delivery: expect.toBeOneOf([null, expect.any(String)]),
    });

    const ofAccount = (row: Row) =>
      row['uid'] === family.accountUid || row['accountUid'] === family.accountUid;
    const accounts = await walk(token, '/admin/accounts', 'accounts', ofAccount);
    expect(accounts.at(-1)?.rows.find(ofAccount)).toEqual({
      uid: family.accountUid,
      createdAt: expect.any(String),
    });
    const subscriptions = await walk(token, '/admin/subscriptions', 'subscriptions', ofAccount);
    expect(subscriptions.at(-1)?.rows.find(ofAccount)).toMatchObject({
      accountUid: family.accountUid,
      status: 'trialing',
    });

    const customers = await walk(token, '/admin/customers', 'customers', ofAccount);
    expect(customers.at(-1)?.rows.find(ofAccount)).toEqual({
      position: expect.any(Number),
      accountUid: family.accountUid,
      userUid: expect.any(String),
      email: `${family.owner.email.slice(0, 1)}***@example.com`,
      since: expect.any(String),
    });
    // The offset kind: rows numbered from 1 across pages.
    const positions = customers.flatMap((page) => page.rows.map((row) => row['position']));
    expect(positions).toEqual(positions.map((_, index) => index + 1));

    for (const pages of [connections, all, consents, accounts, subscriptions, customers]) {
      const instants = pages.flatMap((page) =>
        page.rows.map((row) => String(row['seatUid'] ?? row['uid'] ?? row['accountUid'])),
      );
      expect(new Set(instants).size).toBe(instants.length);
    }

    // Whole answers, searched for the person's identity and the guardian's address.
    const answers = JSON.stringify(
      [connections, all, consents, accounts, subscriptions, customers].flatMap((pages) =>
        pages.map((page) => page.body),
      ),
    );
    for (const secret of [...secretsOf(person), family.owner.email]) expect(answers).not.toContain(secret);
  });

  it('refuse a limit over 100 (VALIDATION) and a broken or mismatched cursor (BAD_REQUEST)', async () => {
    const { token } = await operator('operator');
    for (const path of [
      '/admin/connections',
      '/admin/consents',
      '/admin/accounts',
      '/admin/subscriptions',
      '/admin/customers',
    ]) {
      const over = await call('GET', `${path}?limit=101`, { token });
      expect([over.status, over.body.error.code]).toEqual([400, 'VALIDATION']);
      const broken = await call('GET', `${path}?cursor=not-a-cursor`, { token });
      expect([broken.status, broken.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    }
    const first = await call('GET', '/admin/accounts?limit=1', { token });
    const cursor = first.body.data.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    for (const mismatched of [
      `/admin/accounts?limit=2&cursor=${cursor}`,
      `/admin/subscriptions?limit=1&cursor=${cursor}`,
      `/admin/connections?limit=1&cursor=${cursor}`,
      `/admin/customers?limit=1&cursor=${cursor}`,
    ]) {
      const answer = await call('GET', mismatched, { token });
      expect([answer.status, answer.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    }
    const connections = await call('GET', '/admin/connections?limit=1', { token });
    const next = connections.body.data.nextCursor as string | null;
    if (next !== null) {
      const otherFilter = await call('GET', `/admin/connections?limit=1&status=paired&cursor=${next}`, {
        token,
      });
      expect([otherFilter.status, otherFilter.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    }
  });

  it('audit every read: the operator, `read:<what>` and what was read; a refused read leaves no entry', async () => {
    const { token, uid } = await operator('operator');
    const reads: [string, { kind: string; uid: string }][] = [
      ['/admin/connections?limit=1', { kind: 'list', uid: 'connections' }],
      ['/admin/customers?limit=1', { kind: 'list', uid: 'customers' }],
      ['/admin/seats/st_unknown/timeline', { kind: 'seat', uid: 'st_unknown' }],
      ['/admin/overview', { kind: 'overview', uid: 'overview' }],
      ['/admin/dependents?limit=1', { kind: 'list', uid: 'dependents' }],
    ];
    for (const [path] of reads) expect((await call('GET', path, { token })).status).toBe(200);
    expect((await call('GET', '/admin/consents?cursor=broken', { token })).status).toBe(400);

    const audit = await call('GET', '/admin/audit?limit=20', { token });
    const mine = (audit.body.data.audit as { actor: { uid: string } }[]).filter(
      (entry) => entry.actor.uid === uid,
    );
    expect(mine).toEqual(
      reads
        .map(([path, target]) => ({
          id: expect.any(String),
          at: expect.any(String),
          actor: { kind: 'operator', uid },
          action: `read:${target.kind === 'list' ? target.uid : path.includes('timeline') ? 'timeline' : 'overview'}`,
          target,
        }))
        .reverse(),
    );
    // Reading the trail is an access too: the next page of it shows that read first.
    const again = await call('GET', '/admin/audit?limit=1', { token });
    expect(again.body.data.audit[0]).toMatchObject({ actor: { uid }, action: 'read:audit' });
  });
});
