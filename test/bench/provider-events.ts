import { createHmac, randomBytes } from 'node:crypto';
import { devSecrets } from '../../localstack/dev-config';

/** The session provider's signature over a webhook body, with the local stack's secret. */
export const signWebhook = (body: string): string =>
  createHmac('sha512', devSecrets.SESSION_PROVIDER_WEBHOOK_SECRET).update(body).digest('hex');

/** The value below which `p` percent of the samples fall (nearest rank). */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** A `message` webhook body (the provider's shape, test/fixtures/providers/waha-message.json) to a seat's session. */
export const messageBody = (session: string, seatUid: string, text: string, sentAt: Date): string =>
  JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    timestamp: sentAt.getTime(),
    event: 'message',
    session,
    metadata: { seatUid },
    me: { id: '5511987654321@c.us', pushName: 'Bench' },
    payload: {
      id: `false_5521998765432@c.us_${randomBytes(10).toString('hex').toUpperCase()}`,
      timestamp: Math.floor(sentAt.getTime() / 1000),
      from: '5521998765432@c.us',
      fromMe: false,
      to: '5511987654321@c.us',
      body: text,
      hasMedia: false,
    },
    engine: 'GOWS',
    environment: { version: 'bench', engine: 'GOWS', tier: 'CORE' },
  });
