import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBusinessProviderSimulator } from '../../../localstack/simulators/business-provider';
import { whatsappMessenger } from '../../../shared/adapters/consent/whatsapp-messenger';
import { businessEventsOf, whatsappNotification } from '../../../shared/adapters/consent/whatsapp-webhook';
import { validBusinessProviderSignature } from '../../../shared/http/signatures';
import { eventually } from '../../support/eventually';
import {
  answerProblems,
  metaVersion,
  sendPathProblems,
  sendProblems,
  webhookProblems,
} from '../../support/meta-contract';

/**
 * The WhatsApp messenger's sends and the business-provider simulator's answers and status webhooks,
 * held against Meta's published WhatsApp Cloud API OpenAPI document (facebook/openapi,
 * business-messaging-api_v23.0.yaml: test/fixtures/providers/meta-openapi-v23.0.subset.json).
 */
const accessToken = 'contract-token';
const appSecret = 'contract-app-secret';
const addressOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** The gateway's side: every webhook body, as bytes, with its signature header. */
const webhooks: { raw: Buffer; signature: string | undefined }[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const header = request.headers['x-hub-signature-256'];
    webhooks.push({ raw: Buffer.concat(chunks), signature: Array.isArray(header) ? header[0] : header });
    response.writeHead(200).end();
  });
});

let simulator: Server;
let simulatorUrl: string;
/** Every send the messenger made, with the simulator's answer. */
const exchanges: { method: string; url: string; body: unknown; status: number; answer: unknown }[] = [];

const messenger = () =>
  whatsappMessenger(
    {
      apiBaseUrl: simulatorUrl,
      apiVersion: 'v25.0',
      phoneNumberId: '109876543210987',
      accessToken,
      templateName: 'consent_request',
      languageCode: 'pt_BR',
      timeoutMs: 2_000,
    },
    (async (input: string, init?: RequestInit) => {
      const response = await fetch(input, init);
      exchanges.push({
        method: init?.method ?? 'GET',
        url: input,
        body: JSON.parse(String(init?.body)) as unknown,
        status: response.status,
        answer: (await response.clone().json()) as unknown,
      });
      return response;
    }) as typeof fetch,
  );

const link = (to: string) => ({
  to,
  personFirstName: 'Maria',
  linkToken: 'kq3Z8vT2kq3Z8vT2kq3Z8vT2kq3Z8vT2kq3Z8vT2kq3',
  reference: 'consent:st_seat:01KYD4PT28',
});
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${simulatorUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const rawSend = (body: unknown) =>
  post('/v25.0/109876543210987/messages', body, { authorization: `Bearer ${accessToken}` });
const templateOf = (components: unknown[], name = 'consent_request', code = 'pt_BR') => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: '5521998765432',
  type: 'template',
  template: { name, language: { policy: 'deterministic', code }, components },
});
const body = (text: string) => ({ type: 'body', parameters: [{ type: 'text', text }] });
const button = { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'tok' }] };

beforeAll(async () => {
  await once(receiver.listen(0, '127.0.0.1'), 'listening');
  simulator = await startBusinessProviderSimulator({
    port: 0,
    accessToken,
    buttonUrlPrefix: 'http://web.example/c/',
    template: { name: 'consent_request', language: 'pt_BR', bodyVariables: 1, urlButton: true },
    webhookUrl: `${addressOf(receiver)}/webhooks/business-provider`,
    appSecret,
  });
  simulatorUrl = addressOf(simulator);
});
afterAll(async () => {
  await new Promise((done) => simulator.close(done));
  await new Promise((done) => receiver.close(done));
});

describe(`the consent link against Meta's WhatsApp Cloud API OpenAPI document ${metaVersion}`, () => {
  it('the messenger’s send is the document’s template message, and the simulator’s answer its answer', async () => {
    const outcome = await messenger().sendConsentLink(link('+5521998765432'));
    expect(outcome).toMatchObject({ outcome: 'accepted', messageId: expect.stringMatching(/^wamid\./) });
    const [exchange] = exchanges.slice(-1);
    expect(sendPathProblems(exchange?.method ?? '', exchange?.url ?? '')).toEqual([]);
    expect(sendProblems(exchange?.body)).toEqual([]);
    expect(exchange?.status).toBe(200);
    expect(answerProblems(exchange?.answer)).toEqual([]);
  });

  it('the contract is not empty: a send the document refuses is refused', () => {
    expect(sendProblems({ messaging_product: 'whatsapp', type: 'template', to: '1' })).not.toEqual([]);
    expect(sendProblems(templateOf([{ ...button, index: 'first' }]))).not.toEqual([]);
    expect(webhookProblems({ object: 'whatsapp_business_account' })).not.toEqual([]);
  });

  it('the simulator takes `to` with or without its +, like Meta', async () => {
    expect((await rawSend(templateOf([body('Maria'), button]))).status).toBe(200);
    expect((await rawSend({ ...templateOf([body('Maria'), button]), to: '+5521998765432' })).status).toBe(
      200,
    );
  });

  it('a send that does not fit the approved template: 132001 (name, language) or 132000 (parameters)', async () => {
    const codeOf = async (send: unknown) => {
      const answer = await rawSend(send);
      expect(answer.status).toBe(400);
      return ((await answer.json()) as { error: { code: number; type: string } }).error;
    };
    expect(await codeOf(templateOf([body('Maria'), button], 'other_template'))).toMatchObject({
      code: 132001,
      type: 'OAuthException',
    });
    expect((await codeOf(templateOf([body('Maria'), button], 'consent_request', 'en_US'))).code).toBe(132001);
    // Two body variables (the first name and the link, as an old README had it), or no button.
    expect((await codeOf(templateOf([body('Maria'), body('tok'), button]))).code).toBe(132000);
    expect((await codeOf(templateOf([body('Maria')]))).code).toBe(132000);
    expect((await codeOf(templateOf([button]))).code).toBe(132000);
  });

  it('the next send to a number fails as Meta says, and the messenger classifies it by its code', async () => {
    await post('/_sim/next-send', { to: '+5521911112222', errorCode: 131026 });
    expect(await messenger().sendConsentLink(link('+5521911112222'))).toEqual({
      outcome: 'refused',
      temporary: false,
      reason: 'not_on_whatsapp',
      code: 131026,
    });
    await post('/_sim/next-send', { to: '5521911112222', errorCode: 131000 });
    expect(await messenger().sendConsentLink(link('+5521911112222'))).toMatchObject({
      outcome: 'refused',
      temporary: true,
      code: 131000,
    });
    // Only the planned sends fail: the next one goes out.
    expect(await messenger().sendConsentLink(link('+5521911112222'))).toMatchObject({ outcome: 'accepted' });
  });

  it('a send answered after the timeout: unknown outcome, though the simulator recorded it once', async () => {
    await post('/_sim/next-send', { to: '+5521933334444', delayMs: 2_500 });
    expect(await messenger().sendConsentLink(link('+5521933334444'))).toEqual({ outcome: 'unknown' });
    const sent = (await (await fetch(`${simulatorUrl}/_sim/sent`)).json()) as { to: string }[];
    expect(sent.filter((one) => one.to === '+5521933334444')).toHaveLength(1);
  });

  it('its status webhooks are the document’s, signed, echoing biz_opaque_callback_data, errors[] on failed', async () => {
    const outcome = await messenger().sendConsentLink(link('+5521955556666'));
    const messageId = outcome.outcome === 'accepted' ? outcome.messageId : '';
    const before = webhooks.length;
    for (const [status, errorCode] of [
      ['sent', undefined],
      ['delivered', undefined],
      ['read', undefined],
      ['failed', 131026],
    ] as const) {
      const answer = await post('/_sim/receipts', { messageId, status, ...(errorCode ? { errorCode } : {}) });
      expect(await answer.json()).toEqual({ gatewayStatus: 200 });
    }
    const received = await eventually(
      () => webhooks.slice(before),
      (all) => all.length === 4,
      'four status webhooks',
    );
    for (const { raw, signature } of received) {
      expect(validBusinessProviderSignature(appSecret, raw, signature)).toBe(true);
      const parsed = JSON.parse(raw.toString('utf8')) as unknown;
      expect(webhookProblems(parsed)).toEqual([]);
      const notification = whatsappNotification.parse(parsed);
      const [event] = businessEventsOf(notification).events;
      expect(event).toMatchObject({ kind: 'status', messageId, reference: 'consent:st_seat:01KYD4PT28' });
    }
    const failed = businessEventsOf(
      whatsappNotification.parse(JSON.parse(received[3]?.raw.toString('utf8') ?? '')),
    );
    expect(failed.events).toEqual([expect.objectContaining({ status: 'failed', errorCodes: [131026] })]);
  });

  // Statuses only: the document's inbound messages reuse the names of its outbound schemas
  // (`TextMessage` is the send's), so it describes no reply as Meta sends it; replies are only logged.
  it('the committed fixture of Meta’s status webhooks is the document’s too', () => {
    const parsed = JSON.parse(
      readFileSync(new URL('../../fixtures/providers/meta-statuses.json', import.meta.url), 'utf8'),
    ) as unknown;
    expect(webhookProblems(parsed)).toEqual([]);
  });
});

describe('the business-provider webhook body, fanned out', () => {
  it('one event per status, message and error; unreadable statuses counted; never a number or text', () => {
    const parsed = whatsappNotification.parse({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [
                  {
                    id: 'wamid.1',
                    status: 'failed',
                    timestamp: '1785000097',
                    recipient_id: '5531912345678',
                    biz_opaque_callback_data: 'consent:s:d',
                    errors: [{ code: 131049, title: 'x' }],
                  },
                  { status: 'sent' },
                ],
                messages: [{ id: 'wamid.2', from: '5531912345678', text: { body: 'Olá' } }],
                errors: [{ code: 131042, title: 'Business eligibility payment issue' }],
              },
            },
          ],
        },
      ],
    });
    const { events, unreadable } = businessEventsOf(parsed);
    expect(unreadable).toBe(1);
    expect(events).toEqual([
      {
        kind: 'status',
        messageId: 'wamid.1',
        status: 'failed',
        at: new Date(1_785_000_097_000).toISOString(),
        reference: 'consent:s:d',
        errorCodes: [131049],
      },
      { kind: 'message', messageId: 'wamid.2' },
      { kind: 'error', codes: [131042] },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/5531912345678|Olá/);
  });
});
