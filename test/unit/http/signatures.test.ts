import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  validBusinessProviderSignature,
  validSessionProviderSignature,
} from '../../../shared/http/signatures';

describe('webhook signatures', () => {
  it('accept the session provider’s documented test vector and refuse any change', () => {
    const body = Buffer.from('{"event":"message","session":"default","engine":"WEBJS"}');
    const mac = createHmac('sha512', 'my-secret-key').update(body).digest('hex');
    expect(mac.startsWith('208f8a55')).toBe(true);
    expect(validSessionProviderSignature('my-secret-key', body, mac)).toBe(true);
    expect(validSessionProviderSignature('my-secret-key', body, mac.toUpperCase())).toBe(true);
    expect(validSessionProviderSignature('other-key', body, mac)).toBe(false);
    expect(validSessionProviderSignature('my-secret-key', Buffer.from(`${body} `), mac)).toBe(false);
    expect(validSessionProviderSignature('my-secret-key', body, undefined)).toBe(false);
    expect(validSessionProviderSignature('my-secret-key', body, 'abc')).toBe(false);
  });

  it('accept the business provider’s sha256= signature over the raw bytes only', () => {
    const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
    const header = `sha256=${createHmac('sha256', 'app-secret').update(body).digest('hex')}`;
    expect(validBusinessProviderSignature('app-secret', body, header)).toBe(true);
    expect(validBusinessProviderSignature('app-secret', body, header.slice('sha256='.length))).toBe(false);
    expect(validBusinessProviderSignature('other', body, header)).toBe(false);
  });
});
