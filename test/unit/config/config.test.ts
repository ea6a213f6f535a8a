import { describe, expect, it } from 'vitest';
import { ConfigError, parseCapabilities, parseConfig, type Capability } from '../../../shared/config/config';

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
      RELAY_HEADS_PER_SOURCE: 100,
      RELAY_STREAMS_PER_CLIENT: 100,
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
      RELAY_STREAMS_PER_CLIENT: '10001',
      CAMPAIGNS_JSON: '{"WELCOME10":{"percentOff":10}}',
    });
    expect(config.RATE_OTP_VERIFY_PER_IP).toEqual({ limit: 3, windowSeconds: 60 });
    expect(config.RECONNECT_DELAYS_SECONDS).toEqual([1, 2, 3]);
    expect(config.RELAY_STREAMS_PER_CLIENT).toBe(10_001);
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

describe('the capabilities a function wires', () => {
  const base = { TABLE_NAME: 't' };
  const check = (capability: Capability, env: Record<string, string>) =>
    parseCapabilities(parseConfig({ ...base, ...env }), capability);

  it('are not asked of a function that does not wire them: the base needs none of their variables', () => {
    expect(() => parseConfig(base)).not.toThrow();
  });

  it.each<[Capability, Record<string, string>, RegExp]>([
    ['relationshipRegistry', {}, /RELATIONSHIP_REGISTRY_URL: must be set when RELATIONSHIP_REGISTRY is http/],
    ['messenger', {}, /WHATSAPP_PHONE_NUMBER_ID: must be set/],
    ['seatKeys', {}, /SEAT_KEYS_KMS_KEY_ID: must be set when SEAT_KEYS is kms/],
    ['seatKeys', { SEAT_KEYS: 'local' }, /LOCAL_MASTER_KEY: must be set when SEAT_KEYS is local/],
    ['evidenceStore', { EVIDENCE_KMS_KEY_ID: 'k' }, /EVIDENCE_BUCKET: must be set when EVIDENCE_STORE is s3/],
    ['evidenceStore', { EVIDENCE_BUCKET: 'b' }, /EVIDENCE_KMS_KEY_ID: must be set when EVIDENCE_STORE is s3/],
    [
      'evidenceStore',
      { EVIDENCE_STORE: 'local' },
      /LOCAL_MASTER_KEY: must be set when EVIDENCE_STORE is local/,
    ],
    ['mail', {}, /MAIL_FROM: must be set when MAIL_DELIVERY is ses/],
    ['notifications', {}, /MAIL_FROM: must be set when NOTIFY_DELIVERY is aws/],
    [
      'pushPlatforms',
      { PUSH_IOS_APPLICATION_ARN: 'arn' },
      /PUSH_ANDROID_APPLICATION_ARN: must be set when NOTIFY_DELIVERY is aws/,
    ],
    [
      'reconnectScheduler',
      {},
      /SCHEDULER_GROUP_NAME: .*RECONNECT_TARGET_ARN: .*SCHEDULER_ROLE_ARN: .*SCHEDULER_DLQ_ARN: must be set when SCHEDULER is eventbridge/,
    ],
    [
      'pauseResumeScheduler',
      {},
      /SCHEDULER_GROUP_NAME: .*PAUSE_RESUME_TARGET_ARN: .*SCHEDULER_ROLE_ARN: .*SCHEDULER_DLQ_ARN: must be set when SCHEDULER is eventbridge/,
    ],
    [
      'sessionProvider',
      { SESSION_PROVIDER_WEBHOOK_URL: 'https://gw.example/hook' },
      /SESSION_PROVIDER_URL: must be set/,
    ],
    [
      'sessionProvider',
      { SESSION_PROVIDER_URL: 'https://sessions.example' },
      /SESSION_PROVIDER_WEBHOOK_URL: must be set/,
    ],
    ['sessionEventsQueue', {}, /SESSION_EVENTS_QUEUE_URL: must be set/],
    ['businessEventsQueue', {}, /BUSINESS_EVENTS_QUEUE_URL: must be set/],
  ])('%s stops the start without what %j leaves out', (capability, env, message) => {
    const start = () => check(capability, env);
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(message);
  });

  it.each<[Capability, Record<string, string>]>([
    ['relationshipRegistry', { RELATIONSHIP_REGISTRY: 'sandbox' }],
    ['relationshipRegistry', { RELATIONSHIP_REGISTRY_URL: 'https://registry.example' }],
    ['messenger', { WHATSAPP_PHONE_NUMBER_ID: '123' }],
    ['seatKeys', { SEAT_KEYS_KMS_KEY_ID: 'arn:aws:kms:key' }],
    ['seatKeys', { SEAT_KEYS: 'local', LOCAL_MASTER_KEY: 'key' }],
    ['evidenceStore', { EVIDENCE_BUCKET: 'b', EVIDENCE_KMS_KEY_ID: 'k' }],
    ['evidenceStore', { EVIDENCE_STORE: 'local', LOCAL_MASTER_KEY: 'key' }],
    ['mail', { MAIL_DELIVERY: 'log' }],
    ['mail', { MAIL_FROM: 'no-reply@example.com' }],
    ['notifications', { NOTIFY_DELIVERY: 'log' }],
    ['reconnectScheduler', { SCHEDULER: 'embedded' }],
    ['pauseResumeScheduler', { SCHEDULER: 'embedded' }],
  ])('%s starts with %j', (capability, env) => {
    expect(() => check(capability, env)).not.toThrow();
  });

  it('gives each capability its settings, typed by the adapter chosen', () => {
    const settings = parseConfig({ ...base, SEAT_KEYS_KMS_KEY_ID: 'arn:aws:kms:key', MAIL_DELIVERY: 'log' });
    expect(parseCapabilities(settings, 'seatKeys', 'mail')).toEqual({
      seatKeys: { SEAT_KEYS: 'kms', SEAT_KEYS_KMS_KEY_ID: 'arn:aws:kms:key' },
      mail: { MAIL_DELIVERY: 'log' },
    });
  });

  it('names every missing variable of a function in one error', () => {
    expect(() => parseCapabilities(parseConfig(base), 'relationshipRegistry', 'messenger')).toThrow(
      /RELATIONSHIP_REGISTRY_URL: .*WHATSAPP_PHONE_NUMBER_ID: /,
    );
  });

  it('still checks the format of a conditional variable with the rest', () => {
    expect(() => parseConfig({ ...base, RELATIONSHIP_REGISTRY_URL: 'not a url' })).toThrow(
      /RELATIONSHIP_REGISTRY_URL: /,
    );
  });
});
