import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../shared/config/config';

describe('configuration', () => {
  it('gives every setting its documented default', () => {
    const config = parseConfig({ TABLE_NAME: 't' });
    expect(config).toMatchObject({
      OTP_TTL_SECONDS: 600,
      OTP_LINK_TTL_SECONDS: 900,
      OTP_MAX_ATTEMPTS: 5,
      JWT_ACCESS_TTL_SECONDS: 900,
      CONSENT_LINK_TTL_SECONDS: 604_800,
      CONSENT_RESEND_WAIT_SECONDS: 86_400,
      PAIRING_CODE_TTL_SECONDS: 60,
      RECONNECT_DELAYS_SECONDS: [30, 120, 600],
      SSE_PING_SECONDS: 5,
      SSE_TICKET_TTL_SECONDS: 60,
      SSE_MAX_STREAM_SECONDS: 3600,
      CLIENT_IP_SOURCE: 'edge',
      TRIAL_DAYS: 7,
      PAUSE_MAX_DAYS: 30,
      RATE_OTP_REQUEST_PER_EMAIL: { limit: 5, windowSeconds: 3600 },
      RATE_OTP_REQUEST_PER_IP: { limit: 20, windowSeconds: 3600 },
      RATE_OTP_RESEND_PER_LINK: { limit: 3, windowSeconds: 3600 },
      RATE_OTP_VERIFY_PER_IP: { limit: 40, windowSeconds: 3600 },
      RATE_EVIDENCE_PER_LINK: { limit: 10, windowSeconds: 3600 },
      RATE_EVIDENCE_PER_IP: { limit: 30, windowSeconds: 3600 },
      RATE_CONSENT_WRITE_PER_LINK: { limit: 10, windowSeconds: 3600 },
      RATE_CONSENT_WRITE_PER_IP: { limit: 30, windowSeconds: 3600 },
      RATE_CONSENT_READ_PER_LINK: { limit: 120, windowSeconds: 600 },
      RATE_CONSENT_READ_PER_IP: { limit: 600, windowSeconds: 600 },
      CAMPAIGNS_JSON: {},
    });
  });

  it('reads overrides in their documented formats', () => {
    const config = parseConfig({
      TABLE_NAME: 't',
      RATE_OTP_VERIFY_PER_IP: '3/60',
      RECONNECT_DELAYS_SECONDS: '1,2,3',
      CAMPAIGNS_JSON: '{"WELCOME10":{"percentOff":10}}',
    });
    expect(config.RATE_OTP_VERIFY_PER_IP).toEqual({ limit: 3, windowSeconds: 60 });
    expect(config.RECONNECT_DELAYS_SECONDS).toEqual([1, 2, 3]);
    expect(config.CAMPAIGNS_JSON).toEqual({ WELCOME10: { percentOff: 10 } });
  });

  it('stops start-up with a message naming each bad variable', () => {
    const parse = () =>
      parseConfig({
        TABLE_NAME: 't',
        OTP_TTL_SECONDS: 'ten',
        RATE_OTP_REQUEST_PER_IP: '20 per hour',
        CAMPAIGNS_JSON: '{',
      });
    expect(parse).toThrow(ConfigError);
    expect(parse).toThrow(/OTP_TTL_SECONDS: .*RATE_OTP_REQUEST_PER_IP: .*CAMPAIGNS_JSON: must be JSON/);
    expect(() => parseConfig({})).toThrow(/TABLE_NAME/);
  });
});
