import { createServer, type Server, type ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import * as z from '../../shared/validation/z';

/**
 * The business-provider simulator (docs/local-stack.md): the WhatsApp Cloud API's send-message call
 * as Meta answers it, recorded so tests and people can see what reached the person's phone.
 * - `GET /_sim/sent` lists the sends: messageId, to, template, link, reference;
 * - `POST /_sim/receipts` `{ messageId, status, errorCode? }` sends a signed status webhook to the
 *   gateway as Meta does (`biz_opaque_callback_data` echoed; `failed` with `errors[]`);
 * - `POST /_sim/next-send` `{ to, errorCode?, times?, delayMs? }` makes the next sends to a number
 *   fail with Meta's error `errorCode` (`times` of them, 1 by default), or answer only after
 *   `delayMs` (the message is accepted and recorded all the same, as when a client times out).
 * Like Meta it takes `to` with or without `+`, and checks the send against the approved template
 * it is configured with, answering 132001 (no such template in that language) or 132000 (the
 * parameters do not fit the template).
 */
const parameter = z.object({ type: z.literal('text'), text: z.string() });
const templateSend = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.optional(z.literal('individual')),
  to: z.string().check(z.regex(/^\+?\d{8,15}$/)),
  type: z.literal('template'),
  template: z.object({
    name: z.string(),
    language: z.object({ code: z.string() }),
    components: z.optional(
      z.array(
        z.object({
          type: z.enum(['header', 'body', 'button']),
          sub_type: z.optional(z.string()),
          index: z.optional(z.string()),
          parameters: z.array(parameter),
        }),
      ),
    ),
  }),
  biz_opaque_callback_data: z.optional(z.string().check(z.maxLength(512))),
});
type TemplateSend = z.infer<typeof templateSend>;

const receipt = z.strictObject({
  messageId: z.string().check(z.minLength(1)),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  errorCode: z.optional(z.int()),
});

const nextSend = z.strictObject({
  to: z.string().check(z.regex(/^\+?\d{8,15}$/)),
  errorCode: z.optional(z.int()),
  times: z._default(z.int().check(z.gte(1)), 1),
  delayMs: z.optional(z.int().check(z.gte(0), z.lte(60_000))),
});
type NextSend = z.infer<typeof nextSend>;

/** The template the business account had approved: what a send must fit. */
export interface ApprovedTemplate {
  name: string;
  language: string;
  /** How many variables its body has. */
  bodyVariables: number;
  /** Whether it has a URL button with one variable (appended to `buttonUrlPrefix`). */
  urlButton: boolean;
}

export interface SentTemplate {
  messageId: string;
  to: string;
  template: string;
  link: string | null;
  /** The send's `biz_opaque_callback_data`, echoed on its status webhooks. */
  reference: string | null;
  sentAt: string;
}

/** Meta's titles of the errors the simulator gives (the texts are Meta's, the list is not complete). */
const errorTitles: Record<number, string> = {
  1: 'API Unknown',
  2: 'API Service',
  190: 'Access token has expired',
  368: 'Temporarily blocked for policies violations',
  130429: 'Rate limit hit',
  131000: 'Something went wrong',
  131016: 'Service unavailable',
  131026: 'Message undeliverable',
  131042: 'Business eligibility payment issue',
  131049: 'This message was not delivered to maintain healthy ecosystem engagement.',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
  132015: 'Template is Paused due to low quality so it cannot be sent in a template message',
};
/** Meta answers its own outages with a 5xx; everything else it refuses is a 400 (190: 401). */
const httpStatusOf = (code: number): number =>
  [1, 2, 131000, 131016].includes(code) ? 503 : code === 190 ? 401 : 400;
const metaError = (code: number, details: string) => ({
  error: {
    message: `(#${code}) ${errorTitles[code] ?? 'Error'}`,
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details },
    fbtrace_id: 'AsimTrace',
  },
});

/** Why a send does not fit the approved template, as Meta's code, or null when it fits. */
const templateMismatch = (send: TemplateSend, approved: ApprovedTemplate): number | null => {
  if (send.template.name !== approved.name || send.template.language.code !== approved.language)
    return 132001;
  const components = send.template.components ?? [];
  const body = components.filter((component) => component.type === 'body');
  const buttons = components.filter((component) => component.type === 'button');
  const bodyVariables = body.reduce((n, component) => n + component.parameters.length, 0);
  const urlButtonFits =
    buttons.length === (approved.urlButton ? 1 : 0) &&
    buttons.every(
      (button) => button.sub_type === 'url' && button.index === '0' && button.parameters.length === 1,
    );
  return bodyVariables === approved.bodyVariables && urlButtonFits ? null : 132000;
};

const digits = (to: string): string => to.replace(/^\+/, '');
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export const startBusinessProviderSimulator = async (options: {
  port: number;
  accessToken: string;
  /** The URL the approved template's button opens, before its one variable. */
  buttonUrlPrefix: string;
  template: ApprovedTemplate;
  /** Where delivery receipts go (the gateway's business-provider webhook), signed with the app secret. */
  webhookUrl: string;
  appSecret: string;
}): Promise<Server> => {
  const sent: SentTemplate[] = [];
  /** The next sends' outcomes, per number (digits only). */
  const planned = new Map<string, NextSend>();
  let counter = 0;
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const takePlan = (to: string): NextSend | undefined => {
    const plan = planned.get(digits(to));
    if (plan === undefined) return undefined;
    if (plan.times <= 1) planned.delete(digits(to));
    else planned.set(digits(to), { ...plan, times: plan.times - 1 });
    return plan;
  };

  const statusOf = (original: SentTemplate, status: string, errorCode: number | undefined) => ({
    id: original.messageId,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: digits(original.to),
    ...(original.reference === null ? {} : { biz_opaque_callback_data: original.reference }),
    ...(status === 'sent'
      ? { pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' } }
      : {}),
    ...(status === 'failed'
      ? {
          errors: [
            {
              code: errorCode ?? 131026,
              title: errorTitles[errorCode ?? 131026] ?? 'Error',
              message: errorTitles[errorCode ?? 131026] ?? 'Error',
              error_data: { details: 'Simulated by the local stack.' },
              href: '/documentation/business-messaging/whatsapp/support/error-codes',
            },
          ],
        }
      : {}),
  });

  /** `POST /_sim/receipts`: a signed status webhook, as the provider sends it. */
  const sendReceipt = async (raw: Buffer): Promise<{ status: number; body: unknown }> => {
    let parsed;
    try {
      parsed = receipt.safeParse(JSON.parse(raw.toString('utf8') || '{}'));
    } catch {
      parsed = null;
    }
    if (parsed === null || !parsed.success)
      return { status: 400, body: { error: 'expected { messageId, status, errorCode? }' } };
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
                statuses: [statusOf(original, parsed.data.status, parsed.data.errorCode)],
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
    return { status: delivered.ok ? 200 : 502, body: { gatewayStatus: delivered.status } };
  };

  const handleSend = async (raw: Buffer): Promise<{ status: number; body: unknown }> => {
    let parsed;
    try {
      parsed = templateSend.safeParse(JSON.parse(raw.toString('utf8')));
    } catch {
      parsed = null;
    }
    if (parsed === null || !parsed.success) return { status: 400, body: metaError(100, 'Invalid parameter') };
    const send = parsed.data;
    const mismatch = templateMismatch(send, options.template);
    if (mismatch !== null)
      return { status: 400, body: metaError(mismatch, 'The send does not fit the approved template.') };
    const plan = takePlan(send.to);
    if (plan?.errorCode !== undefined)
      return {
        status: httpStatusOf(plan.errorCode),
        body: metaError(plan.errorCode, 'Simulated by the local stack.'),
      };
    const button = send.template.components?.find((component) => component.sub_type === 'url');
    const variable = button?.parameters[0]?.text;
    counter += 1;
    const messageId = `wamid.sim${String(counter).padStart(6, '0')}`;
    sent.push({
      messageId,
      to: `+${digits(send.to)}`,
      template: send.template.name,
      link: variable === undefined ? null : `${options.buttonUrlPrefix}${variable}`,
      reference: send.biz_opaque_callback_data ?? null,
      sentAt: new Date().toISOString(),
    });
    if (plan?.delayMs !== undefined) await sleep(plan.delayMs);
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: send.to, wa_id: digits(send.to) }],
        messages: [{ id: messageId, message_status: 'accepted' }],
      },
    };
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const body = Buffer.concat(chunks);
      const answerWith = (work: Promise<{ status: number; body: unknown }>) =>
        void work.then(
          (answer) => json(response, answer.status, answer.body),
          () => json(response, 502, { error: 'the gateway did not answer' }),
        );
      if (request.method === 'GET' && path === '/_sim/sent') return json(response, 200, sent);
      if (request.method === 'POST' && path === '/_sim/receipts') return answerWith(sendReceipt(body));
      if (request.method === 'POST' && path === '/_sim/next-send') {
        let parsed;
        try {
          parsed = nextSend.safeParse(JSON.parse(body.toString('utf8') || '{}'));
        } catch {
          parsed = null;
        }
        if (parsed === null || !parsed.success)
          return json(response, 400, { error: 'expected { to, errorCode?, times?, delayMs? }' });
        planned.set(digits(parsed.data.to), parsed.data);
        return json(response, 200, { planned: parsed.data });
      }
      if (request.method === 'POST' && /^\/v\d+\.\d+\/[^/]+\/messages$/.test(path)) {
        // As the real API: the scheme's case does not matter, the token's does.
        const token = /^bearer +(\S+)$/i.exec(request.headers['authorization'] ?? '')?.[1];
        if (token !== options.accessToken) {
          return json(response, 401, metaError(190, 'Invalid OAuth access token.'));
        }
        return answerWith(handleSend(body));
      }
      return json(response, 404, { error: { message: 'Unknown path' } });
    });
  });
  await new Promise<void>((done) => server.listen(options.port, '127.0.0.1', done));
  return server;
};
