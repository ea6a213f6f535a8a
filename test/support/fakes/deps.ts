import type { Deps } from '../../../shared/app/deps';
import type { OperatorDeps } from '../../../shared/app/operators/operators';
import type { ProxyAdminDeps } from '../../../shared/app/proxies/pool';
import type { SupplyDeps } from '../../../shared/app/supply/supply';
import { aesGcmContentSeal } from '../../../shared/adapters/crypto/content-seal';
import type { Supplier } from '../../../shared/domain/supply/supply';
import type { SeatKeys } from '../../../shared/ports/consent';
import type { PauseEnd } from '../../../shared/domain/family/pause';
import type { ImportCheck } from '../../../shared/domain/history/history-import';
import type { TrialEnding } from '../../../shared/domain/family/trial-ending';
import type { ReconnectAttempt } from '../../../shared/domain/pairing/reconnect';
import { fakeAccessTokens } from './access-tokens';
import { fakeAlertStore } from './alerts';
import { fakeAnalyzer } from './analyzer';
import { fakeClock } from './clock';
import { fakeConsentMessenger, fakeRelationshipRegistry, fakeSeatKeys, fakeWrappedKeys } from './consent';
import { fakeEventLog, fakeTicketStore } from './event-log';
import { fakeEvidenceStore, fakeFaceCounter, fakeSpeechListener } from './evidence';
import { fakeFamilyStore } from './family-store';
import { fakeHistoryQueue, fakeHistoryWork } from './history-queue';
import { fakeIds } from './ids';
import { fakeMailer, fakeSignInOutbox } from './mailer';
import { fakeMessageStore } from './messages';
import { fakeMetrics } from './metrics';
import { fakeInbox, fakeNotificationSettings, fakeNotifier, fakePushRegistry } from './notifications';
import {
  fakeAuditTrail,
  fakeBackofficeLists,
  fakeOperatorDirectory,
  fakeOperatorTokens,
  fakeOverviewCounters,
  fakeQueueDepths,
  fakeRosterStore,
} from './operators';
import { fakeOtpStore } from './otp-store';
import { fakeProxyCheck, fakeProxyPool } from './proxies';
import { fakeQueue } from './queue';
import { fakeRateLimiter } from './rate-limiter';
import { fakeScheduler } from './scheduler';
import { fakeHasher, fakeSecrets } from './secrets';
import { fakeSessionProvider } from './session-provider';
import { fakeSettings } from './settings';
import { fakeProxySuppliers, fakeSupplyStore } from './supply';
import { fakeTable } from './table';
import { fakeUserStore } from './user-store';

/** The suppliers the fake world configures: `acme`, with credentials. */
export const fakeSupplierCatalog: readonly Supplier[] = [
  {
    code: 'acme',
    baseUrl: 'https://acme.example.com',
    products: ['br-residential'],
    monthlyBudget: 100_000,
    ceilings: { maxProxies: 50, maxPerOrder: 10 },
  },
];

/**
 * Every port of the use cases as an in-memory fake over one shared table, with a clock that stands
 * still and sequential ids. Each fake is returned with its concrete type, so a test reads what was
 * written (`world.table`, `world.deps.notifier.delivered`...) and seeds what it needs.
 */
export const fakeWorld = () => {
  const table = fakeTable();
  const clock = fakeClock();
  const ids = fakeIds();
  const hasher = fakeHasher();
  const deps = {
    clock,
    ids,
    hasher,
    secrets: fakeSecrets(),
    mailer: fakeMailer(),
    signInMails: fakeSignInOutbox(),
    tokens: fakeAccessTokens(),
    users: fakeUserStore(table),
    families: fakeFamilyStore(table),
    otp: fakeOtpStore(table),
    rateLimiter: fakeRateLimiter(clock),
    relationships: fakeRelationshipRegistry(),
    messenger: fakeConsentMessenger(),
    consentSends: fakeQueue(),
    sessionEvents: fakeQueue(),
    seatKeys: fakeSeatKeys(),
    wrappedKeys: fakeWrappedKeys(table),
    alerts: fakeAlertStore(table),
    messages: fakeMessageStore(table),
    contentSeal: aesGcmContentSeal,
    faces: fakeFaceCounter(),
    speech: fakeSpeechListener(),
    evidence: fakeEvidenceStore(),
    sessions: fakeSessionProvider(),
    sessionEnds: fakeQueue(),
    proxies: fakeProxyPool(table),
    reconnects: fakeScheduler<ReconnectAttempt>(),
    pauseResumes: fakeScheduler<PauseEnd>(),
    trialEndings: fakeScheduler<TrialEnding>(),
    historyQueue: fakeHistoryQueue(table),
    historyOffers: fakeScheduler<ImportCheck>(),
    historyStuckChecks: fakeScheduler<ImportCheck>(),
    historyWork: fakeHistoryWork(),
    inbox: fakeInbox(table),
    notifier: fakeNotifier(),
    notificationSettings: fakeNotificationSettings(table),
    pushRegistry: fakePushRegistry(),
    analyzer: fakeAnalyzer(),
    tickets: fakeTicketStore(),
    eventLog: fakeEventLog(table),
    metrics: fakeMetrics(),
    settings: fakeSettings(),
    // The backoffice's ports (`OperatorDeps`).
    operatorTokens: fakeOperatorTokens(),
    roster: fakeRosterStore(table),
    directory: fakeOperatorDirectory(),
    auditTrail: fakeAuditTrail(table),
    overview: fakeOverviewCounters(table),
    queues: fakeQueueDepths(),
    lists: fakeBackofficeLists(table),
    // The proxy pool's and the supply's (`ProxyAdminDeps`, `SupplyDeps`).
    proxyCheck: fakeProxyCheck(),
    proxyBurns: fakeQueue(),
    supply: fakeSupplyStore(table),
    suppliers: fakeProxySuppliers(
      clock,
      fakeSupplierCatalog.map((supplier) => supplier.code),
    ),
    catalog: fakeSupplierCatalog,
    proxyCapacity: 4,
    pool: fakeProxyPool(table),
    // The push tokens' device keys (never a seat's).
    deviceKeys: fakeSeatKeys() as SeatKeys,
  } satisfies Deps &
    OperatorDeps &
    Omit<ProxyAdminDeps, 'proxies'> &
    Omit<SupplyDeps, 'pool'> &
    Record<string, unknown>;
  return { table, deps };
};

export type FakeWorld = ReturnType<typeof fakeWorld>;
export type FakeDeps = FakeWorld['deps'];

/** The fake world's deps with some ports replaced (a port that fails, a scripted answer). */
export const fakeDeps = <O extends Partial<FakeDeps>>(overrides: O = {} as O) => {
  const world = fakeWorld();
  return { ...world, deps: { ...world.deps, ...overrides } };
};
