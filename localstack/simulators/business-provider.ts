import { createServer, type Server, type ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import * as z from '../../shared/validation/z';

/**
 * The business-provider simulator (docs/local-stack.md): the WhatsApp Cloud API's send-message call as
 * the service makes it, recorded so tests and people can see what reached the person's phone.
 * `GET /_sim/sent` lists the sends: to, template, link.
 */
const templateSend = z.object({
  messaging_product: z.literal('whatsapp'),
  to: z.string().check(z.regex(/^\d{8,15}$/)),
  type: z.literal('template'),
  template: z.object({
    name: z.string(),
    language: z.object({ code: z.string() }),
    components: z.array(
      z.object({
        type: z.string(),
        sub_type: z.optional(z.string()),
        index: z.optional(z.string()),
        parameters: z.array(z.object({ type: z.literal('text'), text: z.string() })),
      }),
    ),
  }),
  biz_opaque_callback_data: z.optional(z.string()),
});

const receipt = z.strictObject({
  messageId: z.string().check(z.minLength(1)),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
});

export interface SentTemplate {
  messageId: string;
  to: string;
  template: string;
  link: string | null;
  sentAt: string;
}

export const startBusinessProviderSimulator = async (options: {
  port: number;
  accessToken: string;
  /** The URL the approved template's button opens, before its one variable. */
  buttonUrlPrefix: string;
  /** Where delivery receipts go (the gateway's business-provider webhook), signed with the app secret. */
  webhookUrl: string;
  appSecret: string;
}): Promise<Server> => {
  const sent: SentTemplate[] = [];
  let counter = 0;
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  /** `POST /_sim/receipts` `{ messageId, status }`: a signed status webhook, as the provider sends it. */
  const sendReceipt = async (raw: Buffer): Promise<{ status: number; body: unknown }> => {
    const parsed = receipt.safeParse(JSON.parse(raw.toString('utf8') || '{}'));
    if (!parsed.success) return { status: 400, body: { error: 'expected { messageId, status }' } };
    const original = sent.find((one) => one.messageId === parsed.data.messageId);
    if (original === undefined) return { status: 404, body: { error: 'no such message was sent' } };
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'sim-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '5511900000000', phone_number_id: 'sim-phone-number' },
                statuses: [
                  {
                    id: original.messageId,
                    status: parsed.data.status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: original.to.replace(/^\+/, ''),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', options.appSecret).update(body).digest('hex')}`;
    const delivered = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
    });
    return { status: 200, body: { gatewayStatus: delivered.status } };
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      if (request.method === 'GET' && path === '/_sim/sent') return json(response, 200, sent);
      if (request.method === 'POST' && path === '/_sim/receipts') {
        void sendReceipt(Buffer.concat(chunks)).then(
          (answer) => json(response, answer.status, answer.body),
          () => json(response, 502, { error: 'the gateway did not answer' }),
        );
        return;
      }
      if (request.method === 'POST' && /^\/v[\d.]+\/[^/]+\/messages$/.test(path)) {
        if (request.headers['authorization'] !== `Bearer ${options.accessToken}`) {
          return json(response, 401, {
            error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
          });
        }
        let parsed;
        try {
          parsed = templateSend.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          parsed = null;
        }
        if (parsed === null || !parsed.success) {
          return json(response, 400, {
            error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 },
          });
        }
        const button = parsed.data.template.components.find((component) => component.sub_type === 'url');
        const variable = button?.parameters[0]?.text;
        counter += 1;
        const messageId = `wamid.sim${String(counter).padStart(6, '0')}`;
        sent.push({
          messageId,
          to: `+${parsed.data.to}`,
          template: parsed.data.template.name,
          link: variable === undefined ? null : `${options.buttonUrlPrefix}${variable}`,
          sentAt: new Date().toISOString(),
        });
        return json(response, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: parsed.data.to, wa_id: parsed.data.to }],
          messages: [{ id: messageId }],
        });
      }
      return json(response, 404, { error: { message: 'Unknown path' } });
    });
  });
  await new Promise<void>((done) => server.listen(options.port, '127.0.0.1', done));
  return server;
};
