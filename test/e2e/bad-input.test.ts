import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type Route } from '../../infra/routes';
import { devSecrets } from '../../localstack/dev-config';
import { addSeat, call, newFamily, uniqueEmail, validDependent, type ApiAnswer } from './support/api';
import { stackTable } from './support/consent';
import { operator } from './support/operators';
import { markStream, recordsSince, writeOf } from './support/table-stream';
import { signOperatorToken } from '../../localstack/operator-issuer';

/**
 * Every route of the table, given bad input of each kind, answers the right envelope and status and
 * leaves the table exactly as it was: its stream holds no write made while the call was answered.
 */
type Samples = { wrongTypes: unknown; missing: unknown; oversized: unknown } | null;

const long = 'x'.repeat(300);
const bodies: Record<string, Samples> = {
  requestOtp: {
    wrongTypes: { email: 42, delivery: 'code' },
    missing: { delivery: 'code' },
    oversized: { email: `${long}@example.com`, delivery: 'code' },
  },
  verifyOtp: {
    wrongTypes: { email: 'a@example.com', code: 123456 },
    missing: { email: 'a@example.com' },
    oversized: { token: long },
  },
  resendLink: {
    wrongTypes: { email: ['a@example.com'] },
    missing: {},
    oversized: { email: `${long}@example.com` },
  },
  getProfile: null,
  registerDevice: {
    wrongTypes: { platform: 'ios', token: 12345678 },
    missing: { platform: 'android' },
    oversized: { platform: 'ios', token: 'x'.repeat(5000) },
  },
  removeDevice: null,
  updateProfile: {
    wrongTypes: { name: 7 },
    missing: { document: { type: 'cpf' } },
    oversized: { name: long },
  },
  createAccount: { wrongTypes: { name: false }, missing: {}, oversized: { name: long } },
  listAccounts: null,
  getOnboarding: null,
  getHome: null,
  listMembers: null,
  inviteMember: {
    wrongTypes: { email: 1 },
    missing: { relationship: 'sibling' },
    oversized: { email: `${long}@example.com` },
  },
  updateMember: { wrongTypes: { relationship: 3 }, missing: {}, oversized: { relationship: long } },
  removeMember: null,
  getCatalog: null,
  createSeat: null,
  getSeat: null,
  removeSeat: null,
  putDependent: {
    wrongTypes: { ...validDependent, birthDate: 20140302 },
    missing: { name: 'Bia', kind: 'minor' },
    oversized: { ...validDependent, name: long },
  },
  createSubscription: {
    wrongTypes: { interval: 12 },
    missing: { campaignCode: 'WELCOME10' },
    oversized: { interval: 'monthly', campaignCode: long },
  },
  getSubscription: null,
  askConsent: { wrongTypes: { send: true }, missing: {}, oversized: { send: long } },
  resendConsent: null,
  activateSeat: {
    wrongTypes: { guardianAttestation: 'yes' },
    missing: { campaignCode: 'WELCOME10' },
    oversized: { guardianAttestation: true, campaignCode: long },
  },
  pauseSeat: { wrongTypes: { until: 12 }, missing: {}, oversized: { until: long } },
  resumeSeat: null,
  getConsent: null,
  getProtection: null,
  readConsentPage: null,
  submitEvidence: null,
  readPersonProtection: null,
  acceptConsent: null,
  declineConsent: null,
  stopProtection: null,
  listChannels: null,
  contractChannel: null,
  startPairing: {
    wrongTypes: { channel: 'chat', method: 1 },
    missing: { channel: 'chat' },
    oversized: { channel: 'chat', method: long },
  },
  readPairing: null,
  unlinkPairing: null,
  answerPasskey: { wrongTypes: { matches: 'yes' }, missing: {}, oversized: { matches: long } },
  renewChallenge: null,
  pairingAvatar: null,
  startPersonPairing: null,
  readPersonPairing: null,
  answerPersonPasskey: { wrongTypes: { matches: 1 }, missing: {}, oversized: { matches: long } },
  listNotifications: null,
  issueStreamTicket: null,
  readNotification: null,
  readAllNotifications: null,
  getNotificationPreferences: null,
  updateNotificationPreferences: {
    wrongTypes: { categories: { alerts: { inbox: 'no' } } },
    missing: {},
    oversized: { categories: { [long]: { email: false } } },
  },
  listAlerts: null,
  resolveAlert: null,
  dismissAlert: null,
  readAlertExcerpt: null,
  health: null,
  openApiDocument: null,
  listOperatorMembers: null,
  inviteOperatorMember: {
    wrongTypes: { email: 1, role: 'owner' },
    missing: { role: 'owner' },
    oversized: { email: `${long}@example.com`, role: 'owner' },
  },
  changeOperatorRole: { wrongTypes: { role: 1 }, missing: {}, oversized: { role: long } },
  removeOperatorMember: null,
  listAudit: null,
  resetPairing: null,
  readOverview: null,
  listUsers: null,
  listDependents: null,
  seatTimeline: null,
  getHistoryImport: null,
  requestHistoryImport: null,
  acceptHistoryImport: null,
  cancelHistoryImport: null,
  acceptPersonHistoryImport: null,
  listConnections: null,
  listConsents: null,
  listAllAccounts: null,
  listSubscriptions: null,
  listCustomers: null,
  quoteSupply: {
    wrongTypes: { supplier: 'sim', product: 'br-residential', quantity: 'two', days: 30 },
    missing: { supplier: 'sim', product: 'br-residential', days: 30 },
    oversized: { supplier: long, product: 'br-residential', quantity: 1, days: 30 },
  },
  placeSupplyOrder: { wrongTypes: { quoteUid: 1 }, missing: {}, oversized: { quoteUid: long } },
  renewSupplyOrder: { wrongTypes: { quoteUid: 1 }, missing: {}, oversized: { quoteUid: long } },
  readSupplyBalance: null,
  listSupplyRenewals: null,
  listSupplyValidity: null,
  readSupplyCeilings: null,
  listProxies: null,
  addProxy: {
    wrongTypes: { label: 'p', address: 'http://127.0.0.1:1', capacity: '2' },
    missing: { label: 'p', capacity: 2 },
    oversized: { label: long, address: 'http://127.0.0.1:1', capacity: 2 },
  },
  listProxyBindings: null,
  burnProxy: null,
  retireProxy: null,
};

const signed = async (claims: { exp: number; aud?: string; typ?: string }) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', typ: claims.typ ?? 'at+jwt' })
    .setSubject('usr_forged')
    .setIssuer('family-protection')
    .setAudience(claims.aud ?? 'family-protection-app')
    .setIssuedAt(claims.exp - 900)
    .setExpirationTime(claims.exp)
    .sign(await importJWK(JSON.parse(devSecrets.JWT_PRIVATE_JWK), 'ES256'));

let guardianToken = '';
let operatorToken = '';
let operatorOwner: Awaited<ReturnType<typeof operator>>;
/** Each route's own kind of credential: a guardian's, or an operator owner's on `/admin/*`. */
const tokenFor = (route: Route) => (route.auth === 'operator' ? operatorToken : guardianToken);
let paths: (route: Route) => string;

beforeAll(async () => {
  const { owner, accountUid } = await newFamily();
  guardianToken = owner.token;
  operatorOwner = await operator('owner');
  operatorToken = operatorOwner.token;
  const token = guardianToken;
  const seatUid = await addSeat(token, accountUid);
  const invited = await call('POST', `/accounts/${accountUid}/members`, {
    token,
    body: { email: uniqueEmail() },
  });
  const memberUid = invited.body.data.uid as string;
  paths = (route) =>
    route.path
      .replace('{memberUid}', memberUid)
      .replace('{token}', 'x'.repeat(43))
      .replace('{channel}', 'chat')
      .replace('{id}', '01KAZZZZZZZZZZZZZZZZZZZZZZ')
      .replace('{uid}', route.path.startsWith('/seats') ? seatUid : accountUid);
});

/**
 * Sends each call, expects each refused with `status` and `code` in the envelope, and the table's
 * stream to hold no write made while they were answered (one mark for the lot: a stream read costs
 * more than a refused call).
 */
const expectRefusedUnchanged = async (
  sends: readonly (() => Promise<ApiAnswer>)[],
  status: number,
  code: string,
): Promise<ApiAnswer[]> => {
  const before = await markStream();
  const answers: ApiAnswer[] = [];
  for (const send of sends) {
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({
      success: false,
      error: expect.objectContaining({ code, message: expect.any(String) }),
    });
    answers.push(answer);
  }
  expect((await recordsSince(before)).map(writeOf)).toEqual([]);
  return answers;
};

describe('bad input on every route', () => {
  it('would see a write: the stream after a mark holds every write made since, and nothing before', async () => {
    const table = stackTable();
    const before = { PK: `TEST#${randomUUID()}`, SK: 'before' };
    await table.doc.send(new PutCommand({ TableName: table.tableName, Item: before }));
    const mark = await markStream();
    const item = { PK: before.PK, SK: 'written' };
    await table.doc.send(new PutCommand({ TableName: table.tableName, Item: item }));
    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: item }));
    await table.doc.send(new DeleteCommand({ TableName: table.tableName, Key: before }));
    expect((await recordsSince(mark)).map(writeOf)).toEqual([
      `INSERT ${item.PK}/written`,
      `REMOVE ${item.PK}/written`,
      `REMOVE ${item.PK}/before`,
    ]);
  });

  it('covers every route of the table', () => {
    expect(Object.keys(bodies).sort()).toEqual(routes.map((route) => route.operation).sort());
  });

  const bearerRoutes = routes.filter((route) => route.auth !== 'public');
  const bodyRoutes = routes.filter((route) => bodies[route.operation] !== null);
  // The evidence upload reads its (multipart) body only once its link is known: covered in consent.test.ts.
  const readByUseCase = new Set(['submitEvidence']);
  const bodilessWrites = routes.filter(
    (route) =>
      bodies[route.operation] === null &&
      route.method !== 'GET' &&
      route.method !== 'DELETE' &&
      !readByUseCase.has(route.operation),
  );

  it.each(bearerRoutes)(
    '$method $path: a missing, garbage, expired or foreign token is 401 with one message',
    async (route) => {
      const now = Math.floor(Date.now() / 1000);
      const tokens = [
        undefined,
        'garbage',
        await signed({ exp: now - 60 }),
        await signed({ exp: now + 600, aud: 'someone-else' }),
        await signed({ exp: now + 600, typ: 'JWT' }),
        // Each kind of credential is refused where the other is expected.
        route.auth === 'operator' ? guardianToken : operatorToken,
        ...(route.auth === 'operator'
          ? [
              await signOperatorToken({ uid: 'not-on-the-roster', email: 'x@example.com', role: 'owner' }),
              await signOperatorToken(operatorOwner, { now: new Date(Date.now() - 2 * 3600_000) }),
            ]
          : []),
      ];
      const answers = await expectRefusedUnchanged(
        tokens.map(
          (bad) => () =>
            call(route.method, paths(route), {
              ...(bad === undefined ? {} : { token: bad }),
              ...(bodies[route.operation] ? { body: {} } : {}),
            }),
        ),
        401,
        'UNAUTHORIZED',
      );
      const messages = new Set(answers.map((answer) => answer.body.error.message as string));
      expect(messages.size).toBe(1);
    },
  );

  it.each(bodyRoutes)('$method $path: malformed JSON is 400 BAD_REQUEST', async (route) => {
    await expectRefusedUnchanged(
      [() => call(route.method, paths(route), { token: tokenFor(route), rawBody: '{"name": ' })],
      400,
      'BAD_REQUEST',
    );
  });

  it.each(bodyRoutes)(
    '$method $path: wrong types, missing fields, extra fields and oversized strings are 400 VALIDATION',
    async (route) => {
      const samples = bodies[route.operation]!;
      const answers = await expectRefusedUnchanged(
        [
          samples.wrongTypes,
          samples.missing,
          samples.oversized,
          { ...(samples.wrongTypes as object), unexpected: true },
          [],
          'text',
        ].map((body) => () => call(route.method, paths(route), { token: tokenFor(route), body })),
        400,
        'VALIDATION',
      );
      for (const answer of answers) expect(answer.body.error.message).toMatch(/^[\w.]+: /);
    },
  );

  it.each(bodyRoutes)('$method $path: a body over 64 KB is 413 HTTP_ERROR', async (route) => {
    await expectRefusedUnchanged(
      [
        () =>
          call(route.method, paths(route), { token: tokenFor(route), body: { name: 'x'.repeat(70_000) } }),
      ],
      413,
      'HTTP_ERROR',
    );
  });

  it.each(bodilessWrites)('$method $path: a route that takes no body refuses fields', async (route) => {
    await expectRefusedUnchanged(
      [() => call(route.method, paths(route), { token: tokenFor(route), body: { unexpected: 1 } })],
      400,
      'VALIDATION',
    );
  });
});

describe('the envelope around the routes', () => {
  it('answers an unknown route 404 NOT_FOUND in the envelope', async () => {
    const answer = await call('GET', '/no/such/route');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: expect.any(String) },
    });
    expect((await call('PATCH', '/catalog')).status).toBe(404);
  });

  it('answers a path with malformed percent-encoding 400 BAD_REQUEST in the envelope, before any route', async () => {
    for (const [method, path] of [
      ['GET', '/seats/%E0%A4%A'],
      ['GET', '/consent-requests/%E0%A4%A'],
      ['DELETE', '/accounts/acc_x/members/%ZZ'],
      ['GET', '/no/such/%'],
    ] as const) {
      const answer = await call(method, path);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        error: { code: 'BAD_REQUEST', message: expect.any(String) },
      });
    }
  });

  it('answers GET /health without the envelope, checking the database and the event stream', async () => {
    const answer = await call('GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'ok',
      uptime: expect.any(Number),
      services: {
        database: { status: 'ok', ms: expect.any(Number) },
        eventStream: { status: 'ok', ms: expect.any(Number) },
      },
    });
  });
});
