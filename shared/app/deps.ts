import type { Metrics } from '../ports/metrics';
import type { PriceList } from '../domain/catalog/catalog';
import type { RateRule } from '../domain/rate-limit/window';
import type { AccessTokens } from '../ports/access-tokens';
import type { AlertStore } from '../ports/alerts';
import type { ContentSeal } from '../ports/content-seal';
import type { MessageStore } from '../ports/messages';
import type { Clock } from '../ports/clock';
import type { Ids } from '../ports/ids';
import type { Campaigns } from '../domain/family/subscription';
import type { ConsentMessenger, RelationshipRegistry, SeatKeys, WrappedKeys } from '../ports/consent';
import type { EvidenceStore, FaceCounter, SpeechListener } from '../ports/evidence';
import type { Mailer, SignInOutbox } from '../ports/mailer';
import type { EventLog, TicketStore } from '../ports/event-log';
import type { Analyzer } from '../ports/analyzer';
import type {
  Inbox,
  NotificationDelivery,
  NotificationSettingsStore,
  PushRegistry,
} from '../ports/notifications';
import type { ProxyPool } from '../ports/proxies';
import type {
  HistoryOfferScheduler,
  HistoryStuckScheduler,
  PauseResumeScheduler,
  ReconnectScheduler,
  TrialEndingScheduler,
} from '../ports/scheduler';
import type { EventQueue } from '../ports/queue';
import type { HistoryQueue, HistoryWork } from '../ports/history-queue';
import type { SessionProvider } from '../ports/session-provider';
import type { KeyedHasher, SecretSource } from '../ports/secrets';
import type { FamilyStore, OtpStore, RateLimiter, UserStore } from '../ports/stores';

/** The settings use cases read: plain values, already parsed from configuration. */
export interface Settings {
  otpTtlSeconds: number;
  otpLinkTtlSeconds: number;
  otpMaxAttempts: number;
  otpLinkBaseUrl: string;
  trialDays: number;
  /** The longest pause guardians may ask for. */
  pauseMaxDays: number;
  prices: PriceList;
  consent: { linkTtlSeconds: number; resendWaitSeconds: number; pageBaseUrl: string };
  /** The consent link's sends: how many tries a temporary refusal gets, and the first wait between them. */
  consentSend: { attempts: number; backoffSeconds: number };
  campaigns: Campaigns;
  consentRates: {
    readPerLink: RateRule;
    readPerIp: RateRule;
    writePerLink: RateRule;
    writePerIp: RateRule;
    evidencePerLink: RateRule;
    evidencePerIp: RateRule;
  };
  stream: { ticketTtlSeconds: number; pingSeconds: number };
  pairing: {
    codeTtlSeconds: number;
    reconnectDelaysSeconds: readonly number[];
    /** How long a handled provider event id is kept to refuse its redelivery. */
    providerEventRetentionSeconds: number;
  };
  /** How long a sealed message (and its findings) is kept before the table's TTL removes it. */
  contentRetentionSeconds: number;
  rates: {
    otpRequestPerEmail: RateRule;
    otpRequestPerIp: RateRule;
    otpResendPerLink: RateRule;
    otpVerifyPerIp: RateRule;
    /** Excerpt reads, per guardian (their user uid). */
    excerptPerGuardian: RateRule;
  };
  history: {
    /** How many imports may hold a slot (`offered` or `running`) at once. */
    slots: number;
    offerTtlSeconds: number;
    /** A running import with no progress for this long is `stuck` (its slot freed). */
    stuckSeconds: number;
    /** How far back the import reads. */
    days: number;
  };
}

/** Everything a use case may need; each one names the part it uses with `Pick`. */
export interface Deps {
  clock: Clock;
  ids: Ids;
  hasher: KeyedHasher;
  secrets: SecretSource;
  mailer: Mailer;
  /** Where sign-in requests leave their mail for the worker that sends it. */
  signInMails: SignInOutbox;
  tokens: AccessTokens;
  users: UserStore;
  families: FamilyStore;
  otp: OtpStore;
  rateLimiter: RateLimiter;
  relationships: RelationshipRegistry;
  messenger: ConsentMessenger;
  /** Where a consent link's send waits for the worker that makes it. */
  consentSends: EventQueue;
  /** The session events' queue: a pairing start asks its worker there to catch up with the provider. */
  sessionEvents: EventQueue;
  seatKeys: SeatKeys;
  /** The seats' wrapped data keys, kept apart from the seats (read by those that open content). */
  wrappedKeys: WrappedKeys;
  alerts: AlertStore;
  messages: MessageStore;
  contentSeal: ContentSeal;
  faces: FaceCounter;
  speech: SpeechListener;
  evidence: EvidenceStore;
  sessions: SessionProvider;
  /** The session-ends queue: a session whose pairing ended is deleted at the provider by its worker. */
  sessionEnds: EventQueue;
  proxies: ProxyPool;
  reconnects: ReconnectScheduler;
  /** The schedules that end pauses at their `until`. */
  pauseResumes: PauseResumeScheduler;
  /** The notices, a day before a seat's trial ends. */
  trialEndings: TrialEndingScheduler;
  /** The history import queue's reads and the running imports' checkpoints. */
  historyQueue: HistoryQueue;
  /** The lapse of offered imports at `offerExpiresAt`. */
  historyOffers: HistoryOfferScheduler;
  /** The checks that find a running import without progress. */
  historyStuckChecks: HistoryStuckScheduler;
  /** Where admitted imports go to be run. */
  historyWork: HistoryWork;
  inbox: Inbox;
  notifier: NotificationDelivery;
  notificationSettings: NotificationSettingsStore;
  pushRegistry: PushRegistry;
  analyzer: Analyzer;
  tickets: TicketStore;
  eventLog: EventLog;
  /** The business metrics (counts and levels only, never who or what). */
  metrics: Metrics;
  settings: Settings;
}

/** Who calls a Bearer route. */
export interface Caller {
  userUid: string;
}
