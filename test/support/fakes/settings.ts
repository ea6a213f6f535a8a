import type { Settings } from '../../../shared/app/deps';

const perMinute = (limit: number) => ({ limit, windowSeconds: 60 });

/** The settings the fake world's use cases read: the defaults' shape, with small round numbers. */
export const fakeSettings = (): Settings => ({
  otpTtlSeconds: 600,
  otpLinkTtlSeconds: 900,
  otpMaxAttempts: 5,
  otpLinkBaseUrl: 'https://app.example.com/sign-in',
  trialDays: 7,
  pauseMaxDays: 30,
  prices: { seat: 2990, 'channel.chat': 990 },
  consent: { linkTtlSeconds: 86_400, resendWaitSeconds: 3600, pageBaseUrl: 'https://consent.example.com' },
  consentSend: { attempts: 3, backoffSeconds: 30 },
  campaigns: { WELCOME10: { percentOff: 10 } },
  consentRates: {
    readPerLink: perMinute(30),
    readPerIp: perMinute(60),
    writePerLink: perMinute(10),
    writePerIp: perMinute(20),
    evidencePerLink: perMinute(5),
    evidencePerIp: perMinute(10),
  },
  stream: { ticketTtlSeconds: 60, pingSeconds: 15 },
  pairing: {
    codeTtlSeconds: 120,
    reconnectDelaysSeconds: [30, 120, 600],
    providerEventRetentionSeconds: 86_400,
  },
  contentRetentionSeconds: 30 * 86_400,
  rates: {
    otpRequestPerEmail: perMinute(5),
    otpRequestPerIp: perMinute(20),
    otpResendPerLink: perMinute(3),
    otpVerifyPerIp: perMinute(20),
    excerptPerGuardian: perMinute(10),
  },
  history: { slots: 2, offerTtlSeconds: 3600, stuckSeconds: 900, days: 30 },
});
