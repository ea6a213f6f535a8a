import type { PriceList } from '../domain/catalog/catalog';
import type { RateRule } from '../domain/rate-limit/window';
import type { AccessTokens } from '../ports/access-tokens';
import type { Clock } from '../ports/clock';
import type { Ids } from '../ports/ids';
import type { Campaigns } from '../domain/family/subscription';
import type { ConsentMessenger, RelationshipRegistry, SeatKeys } from '../ports/consent';
import type { EvidenceStore, FaceCounter, SpeechListener } from '../ports/evidence';
import type { Mailer } from '../ports/mailer';
import type { KeyedHasher, SecretSource } from '../ports/secrets';
import type { FamilyStore, OtpStore, RateLimiter, UserStore } from '../ports/stores';

/** The settings use cases read: plain values, already parsed from configuration. */
export interface Settings {
  otpTtlSeconds: number;
  otpLinkTtlSeconds: number;
  otpMaxAttempts: number;
  otpLinkBaseUrl: string;
  trialDays: number;
  prices: PriceList;
  consent: { linkTtlSeconds: number; resendWaitSeconds: number; pageBaseUrl: string };
  campaigns: Campaigns;
  consentRates: {
    readPerLink: RateRule;
    readPerIp: RateRule;
    writePerLink: RateRule;
    writePerIp: RateRule;
    evidencePerLink: RateRule;
    evidencePerIp: RateRule;
  };
  rates: {
    otpRequestPerEmail: RateRule;
    otpRequestPerIp: RateRule;
    otpResendPerLink: RateRule;
    otpVerifyPerIp: RateRule;
  };
}

/** Everything a use case may need; each one names the part it uses with `Pick`. */
export interface Deps {
  clock: Clock;
  ids: Ids;
  hasher: KeyedHasher;
  secrets: SecretSource;
  mailer: Mailer;
  tokens: AccessTokens;
  users: UserStore;
  families: FamilyStore;
  otp: OtpStore;
  rateLimiter: RateLimiter;
  relationships: RelationshipRegistry;
  messenger: ConsentMessenger;
  seatKeys: SeatKeys;
  faces: FaceCounter;
  speech: SpeechListener;
  evidence: EvidenceStore;
  settings: Settings;
}

/** Who calls a Bearer route. */
export interface Caller {
  userUid: string;
}
