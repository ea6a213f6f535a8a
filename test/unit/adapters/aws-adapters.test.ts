import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../shared/config/config';
import {
  loadGatewaySecrets,
  loadSecret,
  requireSecret,
} from '../../../shared/adapters/crypto/service-secrets';
import { sesMailer } from '../../../shared/adapters/mail/ses-mailer';

const ses = mockClient(SESClient);
afterEach(() => {
  ses.reset();
});

const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' };

describe('the SES mailer', () => {
  it('sends the code to the address from the configured sender', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await sesMailer(new SESClient({ region: 'sa-east-1' }), 'no-reply@example.com').sendSignIn({
      kind: 'otp_code',
      email: 'ana@example.com',
      code: '123456',
    });
    const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Source).toBe('no-reply@example.com');
    expect(input.Destination?.ToAddresses).toEqual(['ana@example.com']);
    expect(input.Message?.Body?.Text?.Data).toContain('123456');
  });

  it('sends a magic link as its URL', async () => {
    ses.on(SendEmailCommand).resolves({});
    await sesMailer(new SESClient({ region: 'sa-east-1' }), 'no-reply@example.com').sendSignIn({
      kind: 'magic_link',
      email: 'a@example.com',
      token: 't',
      url: 'https://app/login?token=t',
    });
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Message?.Body?.Text?.Data).toContain(
      'https://app/login?token=t',
    );
  });
});

describe('the service secrets', () => {
  const extensionServing = (secrets: Record<string, unknown>) => {
    const asked: { url: string; token: string | null }[] = [];
    const fetchSecret = (async (url: string, init?: RequestInit) => {
      asked.push({ url, token: new Headers(init?.headers).get('x-aws-parameters-secrets-token') });
      const id = decodeURIComponent(new URL(url).searchParams.get('secretId') ?? '');
      return id in secrets
        ? new Response(JSON.stringify({ SecretString: JSON.stringify(secrets[id]) }))
        : new Response('AccessDeniedException', { status: 400 });
    }) as typeof fetch;
    return { asked, fetchSecret };
  };

  it('each come from its own secret in Secrets Manager, through the extension, when its ARN is set', async () => {
    const { asked, fetchSecret } = extensionServing({
      'arn:signing': { jwtPrivateJwk: { ...jwk, kid: '2026-07' } },
      'arn:hash': { hashKey: 'k'.repeat(32) },
      'arn:providers': { sessionProviderApiKey: 'waha-key-1' },
      'arn:origin': { cloudFrontOriginSecret: 'o'.repeat(32) },
    });
    const config = parseConfig({
      TABLE_NAME: 't',
      SIGNING_KEY_SECRET_ARN: 'arn:signing',
      HASH_SECRET_ARN: 'arn:hash',
      PROVIDER_SECRETS_ARN: 'arn:providers',
      ORIGIN_SECRET_ARN: 'arn:origin',
      AWS_SESSION_TOKEN: 'session',
    });
    expect(await loadSecret('signingKey', config, fetchSecret)).toEqual({
      jwtPrivateJwk: { ...jwk, kid: '2026-07' },
    });
    expect(await loadSecret('hashKey', config, fetchSecret)).toEqual({ hashKey: 'k'.repeat(32) });
    expect(await loadSecret('providerTokens', config, fetchSecret)).toEqual({
      sessionProviderApiKey: 'waha-key-1',
    });
    expect(await loadSecret('originSecret', config, fetchSecret)).toEqual({
      cloudFrontOriginSecret: 'o'.repeat(32),
    });
    expect(asked[1]).toEqual({
      url: 'http://localhost:2773/secretsmanager/get?secretId=arn%3Ahash',
      token: 'session',
    });
  });

  it('read only the secret asked for: a function given the hash key never asks for the signing key', async () => {
    const { asked, fetchSecret } = extensionServing({ 'arn:hash': { hashKey: 'k'.repeat(32) } });
    const config = parseConfig({ TABLE_NAME: 't', HASH_SECRET_ARN: 'arn:hash' });
    await loadSecret('hashKey', config, fetchSecret);
    expect(asked.map(({ url }) => url)).toEqual([
      'http://localhost:2773/secretsmanager/get?secretId=arn%3Ahash',
    ]);
  });

  it('stop the start when the extension refuses, or the secret is not of its shape (named, not shown)', async () => {
    const { fetchSecret } = extensionServing({ 'arn:hash': { hashKey: 'short' } });
    await expect(
      loadSecret(
        'signingKey',
        parseConfig({ TABLE_NAME: 't', SIGNING_KEY_SECRET_ARN: 'arn:x' }),
        fetchSecret,
      ),
    ).rejects.toThrow(/400/);
    const malformed = loadSecret(
      'hashKey',
      parseConfig({ TABLE_NAME: 't', HASH_SECRET_ARN: 'arn:hash' }),
      fetchSecret,
    );
    await expect(malformed).rejects.toThrow(/HASH_SECRET_ARN \(locally HASH_KEY\): hashKey/);
    await expect(malformed).rejects.not.toThrow(/short/);
  });

  it('come from the local variables otherwise, and stop start-up when one is missing', async () => {
    const local = parseConfig({
      TABLE_NAME: 't',
      JWT_PRIVATE_JWK: JSON.stringify(jwk),
      HASH_KEY: 'h'.repeat(20),
      CLOUDFRONT_ORIGIN_SECRET: 'o'.repeat(20),
    });
    expect(await loadSecret('hashKey', local)).toEqual({ hashKey: 'h'.repeat(20) });
    expect((await loadSecret('signingKey', local)).jwtPrivateJwk).toEqual(jwk);
    expect((await loadSecret('originSecret', local)).cloudFrontOriginSecret).toBe('o'.repeat(20));
    await expect(loadSecret('hashKey', parseConfig({ TABLE_NAME: 't' }))).rejects.toThrow(
      /HASH_SECRET_ARN \(locally HASH_KEY\)/,
    );
    await expect(loadSecret('signingKey', parseConfig({ TABLE_NAME: 't' }))).rejects.toThrow(
      /SIGNING_KEY_SECRET_ARN \(locally JWT_PRIVATE_JWK\)/,
    );
    await expect(
      loadSecret('signingKey', parseConfig({ TABLE_NAME: 't', JWT_PRIVATE_JWK: '{' })),
    ).rejects.toThrow(/JWT_PRIVATE_JWK: must be JSON/);
  });

  it('keep Meta’s app secret in a secret of its own: a reader of the session webhook key never sees it', async () => {
    const { asked, fetchSecret } = extensionServing({
      'arn:session-webhook': { sessionProviderWebhookSecret: 's'.repeat(16) },
      'arn:business-webhook': {
        businessProviderAppSecret: 'a'.repeat(16),
        businessProviderVerifyToken: 'v'.repeat(16),
      },
    });
    const sessionSide = await loadGatewaySecrets(
      parseConfig({
        TABLE_NAME: 't',
        GATEWAY_SECRETS_ARN: 'arn:session-webhook',
        AWS_SESSION_TOKEN: 'session',
      }),
      fetchSecret,
    );
    expect(sessionSide).toEqual({ sessionProviderWebhookSecret: 's'.repeat(16) });
    const businessSide = await loadGatewaySecrets(
      parseConfig({
        TABLE_NAME: 't',
        BUSINESS_WEBHOOK_SECRETS_ARN: 'arn:business-webhook',
        AWS_SESSION_TOKEN: 'session',
      }),
      fetchSecret,
    );
    expect(businessSide).toEqual({
      businessProviderAppSecret: 'a'.repeat(16),
      businessProviderVerifyToken: 'v'.repeat(16),
    });
    expect(asked.map(({ url }) => decodeURIComponent(url))).toEqual([
      expect.stringContaining('arn:session-webhook'),
      expect.stringContaining('arn:business-webhook'),
    ]);
  });

  it('name a missing provider token its caller needs, with the variable that holds it locally', async () => {
    const tokens = await loadSecret(
      'providerTokens',
      parseConfig({ TABLE_NAME: 't', WHATSAPP_ACCESS_TOKEN: 'token' }),
    );
    expect(requireSecret(tokens, 'whatsappAccessToken')).toBe('token');
    expect(() => requireSecret(tokens, 'relationshipRegistryToken')).toThrow(
      /relationshipRegistryToken \(or RELATIONSHIP_REGISTRY_TOKEN\) must be set/,
    );
  });
});
