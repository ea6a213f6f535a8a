import type { Settings } from '../../shared/app/deps';
import type { Config } from '../../shared/config/config';

/** The plain values use cases read, from the parsed configuration: shared by the API and the workers. */
export const useCaseSettingsFrom = (settings: Config): Settings => ({
  otpTtlSeconds: settings.OTP_TTL_SECONDS,
  otpLinkTtlSeconds: settings.OTP_LINK_TTL_SECONDS,
  otpMaxAttempts: settings.OTP_MAX_ATTEMPTS,
  otpLinkBaseUrl: settings.OTP_LINK_BASE_URL,
  trialDays: settings.TRIAL_DAYS,
  pauseMaxDays: settings.PAUSE_MAX_DAYS,
  consent: {
    linkTtlSeconds: settings.CONSENT_LINK_TTL_SECONDS,
    resendWaitSeconds: settings.CONSENT_RESEND_WAIT_SECONDS,
    pageBaseUrl: settings.CONSENT_PAGE_BASE_URL,
  },
  consentSend: {
    attempts: settings.CONSENT_SEND_ATTEMPTS,
    backoffSeconds: settings.CONSENT_SEND_BACKOFF_SECONDS,
  },
  campaigns: settings.CAMPAIGNS_JSON,
  consentRates: {
    readPerLink: settings.RATE_CONSENT_READ_PER_LINK,
    readPerIp: settings.RATE_CONSENT_READ_PER_IP,
    writePerLink: settings.RATE_CONSENT_WRITE_PER_LINK,
    writePerIp: settings.RATE_CONSENT_WRITE_PER_IP,
    evidencePerLink: settings.RATE_EVIDENCE_PER_LINK,
    evidencePerIp: settings.RATE_EVIDENCE_PER_IP,
  },
  prices: { seat: settings.PRICE_SEAT_MINOR, 'channel.chat': settings.PRICE_CHANNEL_CHAT_MINOR },
  stream: { ticketTtlSeconds: settings.SSE_TICKET_TTL_SECONDS, pingSeconds: settings.SSE_PING_SECONDS },
  pairing: {
    codeTtlSeconds: settings.PAIRING_CODE_TTL_SECONDS,
    reconnectDelaysSeconds: settings.RECONNECT_DELAYS_SECONDS,
    providerEventRetentionSeconds: settings.PROVIDER_EVENT_RETENTION_SECONDS,
  },
  contentRetentionSeconds: settings.CONTENT_RETENTION_DAYS * 24 * 3600,
  history: {
    slots: settings.HISTORY_IMPORT_SLOTS,
    offerTtlSeconds: settings.HISTORY_OFFER_TTL_SECONDS,
    stuckSeconds: settings.HISTORY_STUCK_SECONDS,
    days: settings.HISTORY_DAYS,
  },
  rates: {
    otpRequestPerEmail: settings.RATE_OTP_REQUEST_PER_EMAIL,
    otpRequestPerIp: settings.RATE_OTP_REQUEST_PER_IP,
    otpResendPerLink: settings.RATE_OTP_RESEND_PER_LINK,
    otpVerifyPerIp: settings.RATE_OTP_VERIFY_PER_IP,
    excerptPerGuardian: settings.RATE_EXCERPT_PER_GUARDIAN,
  },
});
