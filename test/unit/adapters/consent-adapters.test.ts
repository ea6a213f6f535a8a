import { describe, expect, it } from 'vitest';
import { httpRegistry } from '../../../shared/adapters/consent/http-registry';
import { localSeatKeys } from '../../../shared/adapters/consent/local-seat-keys';
import { sandboxRegistry } from '../../../shared/adapters/consent/sandbox-registry';
import { whatsappMessenger } from '../../../shared/adapters/consent/whatsapp-messenger';

const recorder = (answer: () => Response) => {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const send = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as typeof fetch;
  return { calls, send };
};

const settings = {
  apiBaseUrl: 'https://graph.facebook.com/',
  apiVersion: 'v25.0',
  phoneNumberId: '1055',
  accessToken: 'tok',
  templateName: 'consent_request',
  languageCode: 'pt_BR',
  timeoutMs: 10_000,
};
const link = {
  to: '+5521998765432',
  personFirstName: 'Maria',
  linkToken: 'kq3Z8vT2',
  reference: 'consent:s1:d1',
};
const metaError = (status: number, code: number) =>
  new Response(JSON.stringify({ error: { message: 'x', type: 'OAuthException', code, fbtrace_id: 'A1' } }), {
    status,
  });

describe('the WhatsApp Cloud API messenger', () => {
  it('sends the approved template to the number with its +, at the configured Graph API version', async () => {
    const { calls, send } = recorder(
      () =>
        new Response(
          JSON.stringify({
            messaging_product: 'whatsapp',
            contacts: [{ input: '+5521998765432', wa_id: '5521998765432' }],
            messages: [{ id: 'wamid.1', message_status: 'accepted' }],
          }),
        ),
    );
    expect(await whatsappMessenger(settings, send).sendConsentLink(link)).toEqual({
      outcome: 'accepted',
      messageId: 'wamid.1',
      providerStatus: 'accepted',
    });
    expect(calls[0]?.url).toBe('https://graph.facebook.com/v25.0/1055/messages');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+5521998765432',
      type: 'template',
      template: {
        name: 'consent_request',
        language: { policy: 'deterministic', code: 'pt_BR' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'Maria' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'kq3Z8vT2' }] },
        ],
      },
      biz_opaque_callback_data: 'consent:s1:d1',
    });
  });

  it('adds the + to a number stored without it', async () => {
    const { calls, send } = recorder(() => new Response(JSON.stringify({ messages: [{ id: 'wamid.2' }] })));
    await whatsappMessenger(settings, send).sendConsentLink({ ...link, to: '5521998765432' });
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({ to: '+5521998765432' });
  });

  it.each([
    [400, 131026, false, 'not_on_whatsapp'],
    [400, 132000, false, 'template_unavailable'],
    [400, 132001, false, 'template_unavailable'],
    [400, 132015, false, 'template_unavailable'],
    [401, 190, false, 'provider_error'],
    [400, 368, false, 'provider_error'],
    [400, 131042, false, 'provider_error'],
    [400, 130429, true, 'limit_reached'],
    [400, 131049, true, 'limit_reached'],
    [400, 131056, true, 'limit_reached'],
    [500, 131000, true, 'provider_error'],
    [500, 1, true, 'provider_error'],
    [503, 2, true, 'provider_error'],
    [503, 131016, true, 'provider_error'],
    // Codes not in the table: judged by the HTTP status.
    [500, 999_999, true, 'provider_error'],
    [400, 999_999, false, 'provider_error'],
  ] as const)('HTTP %i with code %i: temporary %s, reason %s', async (status, code, temporary, reason) => {
    const { send } = recorder(() => metaError(status, code));
    expect(await whatsappMessenger(settings, send).sendConsentLink(link)).toEqual({
      outcome: 'refused',
      temporary,
      reason,
      code,
    });
  });

  it('an error answer without Meta’s body is judged by its status', async () => {
    const { send } = recorder(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await whatsappMessenger(settings, send).sendConsentLink(link)).toEqual({
      outcome: 'refused',
      temporary: true,
      reason: 'provider_error',
      code: null,
    });
  });

  it('a timeout is an unknown outcome (Meta may have accepted it), never a refusal to retry', async () => {
    const send = (async (_url: string, init?: RequestInit) =>
      new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    expect(await whatsappMessenger({ ...settings, timeoutMs: 100 }, send).sendConsentLink(link)).toEqual({
      outcome: 'unknown',
    });
  });

  it('a refused connection never reached Meta: temporary', async () => {
    const send = (async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      });
    }) as typeof fetch;
    expect(await whatsappMessenger(settings, send).sendConsentLink(link)).toMatchObject({
      outcome: 'refused',
      temporary: true,
    });
  });

  it('an accepted answer without a message id is an unknown outcome', async () => {
    const { send } = recorder(() => new Response(JSON.stringify({ messaging_product: 'whatsapp' })));
    expect(await whatsappMessenger(settings, send).sendConsentLink(link)).toEqual({ outcome: 'unknown' });
  });
});

describe('the relationship registries', () => {
  it('sandbox: CPFs 00000000x decide by the ninth digit; any other is confirmed', async () => {
    expect(
      await sandboxRegistry.check({ personCpf: '00000000191', ownerCpf: null, relationship: 'child' }),
    ).toBe('refuted');
    expect(
      await sandboxRegistry.check({ personCpf: '00000000272', ownerCpf: null, relationship: 'child' }),
    ).toBe('inconclusive');
    expect(
      await sandboxRegistry.check({ personCpf: '00000000353', ownerCpf: null, relationship: 'child' }),
    ).toBe('failed');
    expect(
      await sandboxRegistry.check({ personCpf: '52998224725', ownerCpf: null, relationship: 'child' }),
    ).toBe('confirmed');
  });

  it('http: posts both documents and the tie; any failure is `failed`', async () => {
    const ok = recorder(() => new Response(JSON.stringify({ result: 'refuted' })));
    const registry = httpRegistry({ baseUrl: 'https://registry/', token: 'k' }, ok.send);
    expect(await registry.check({ personCpf: '1', ownerCpf: '2', relationship: 'child' })).toBe('refuted');
    expect(ok.calls[0]?.url).toBe('https://registry/checks');
    expect(JSON.parse(String(ok.calls[0]?.init?.body))).toEqual({
      personCpf: '1',
      ownerCpf: '2',
      relationship: 'child',
    });
    const down = recorder(() => new Response('', { status: 503 }));
    expect(
      await httpRegistry({ baseUrl: 'https://r', token: 'k' }, down.send).check({
        personCpf: '1',
        ownerCpf: null,
        relationship: 'child',
      }),
    ).toBe('failed');
    const odd = recorder(() => new Response(JSON.stringify({ verdict: 'yes' })));
    expect(
      await httpRegistry({ baseUrl: 'https://r', token: 'k' }, odd.send).check({
        personCpf: '1',
        ownerCpf: null,
        relationship: 'child',
      }),
    ).toBe('failed');
  });
});

describe('local seat keys', () => {
  const keys = localSeatKeys(Buffer.from('0123456789abcdef0123456789abcdef').toString('base64'));

  it('make a fresh 256-bit key per seat, stored only wrapped, opened only for its own seat', async () => {
    const wrapped = await keys.create('seat-a');
    const key = await keys.open('seat-a', wrapped);
    expect(key).toHaveLength(32);
    expect(wrapped).not.toContain(Buffer.from(key).toString('base64url'));
    await expect(keys.open('seat-b', wrapped)).rejects.toThrow();
    expect(await keys.create('seat-a')).not.toBe(wrapped);
  });
});
