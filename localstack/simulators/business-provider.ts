import { createServer, type Server, type ServerResponse } from 'node:http';
import * as z from 'zod';

/**
 * The business-provider simulator (local-stack.md): the WhatsApp Cloud API's send-message call as
 * the service makes it, recorded so tests and people can see what reached the person's phone.
 * `GET /_sim/sent` lists the sends: to, template, link.
 */
const templateSend = z.object({
  messaging_product: z.literal('whatsapp'),
  to: z.string().regex(/^\d{8,15}$/),
  type: z.literal('template'),
  template: z.object({
    name: z.string(),
    language: z.object({ code: z.string() }),
    components: z.array(
      z.object({
        type: z.string(),
        sub_type: z.string().optional(),
        index: z.string().optional(),
        parameters: z.array(z.object({ type: z.literal('text'), text: z.string() })),
      }),
    ),
  }),
  biz_opaque_callback_data: z.string().optional(),
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
}): Promise<Server> => {
  const sent: SentTemplate[] = [];
  let counter = 0;
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      if (request.method === 'GET' && path === '/_sim/sent') return json(response, 200, sent);
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
