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

describe('the WhatsApp Cloud API messenger', () => {
  it('sends the approved template with the token as the URL button’s variable', async () => {
    const { calls, send } = recorder(() => new Response(JSON.stringify({ messages: [{ id: 'wamid.1' }] })));
    const messenger = whatsappMessenger(
      {
        apiBaseUrl: 'https://graph.facebook.com/v21.0',
        phoneNumberId: '1055',
        accessToken: 'tok',
        templateName: 'consent_request',
        languageCode: 'pt_BR',
      },
      send,
    );
    await messenger.sendConsentLink({
      to: '+5521998765432',
      personFirstName: 'Maria',
      linkToken: 'kq3Z8vT2',
      reference: 'r1',
    });
    expect(calls[0]?.url).toBe('https://graph.facebook.com/v21.0/1055/messages');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5521998765432',
      type: 'template',
      template: {
        name: 'consent_request',
        language: { code: 'pt_BR' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'Maria' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'kq3Z8vT2' }] },
        ],
      },
      biz_opaque_callback_data: 'consent:r1',
    });
  });

  it('fails when the provider refuses', async () => {
    const { send } = recorder(() => new Response('{}', { status: 401 }));
    const messenger = whatsappMessenger(
      {
        apiBaseUrl: 'http://x',
        phoneNumberId: '1',
        accessToken: 't',
        templateName: 'n',
        languageCode: 'pt_BR',
      },
      send,
    );
    await expect(
      messenger.sendConsentLink({ to: '+551', personFirstName: 'M', linkToken: 't', reference: 'r' }),
    ).rejects.toThrow(/401/);
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
