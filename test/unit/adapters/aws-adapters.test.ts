import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../shared/config/config';
import { loadServiceSecrets, requireSecret } from '../../../shared/adapters/crypto/service-secrets';
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
  it('come from Secrets Manager through the extension when SECRETS_ARN is set', async () => {
    const asked: { url: string; token: string | null }[] = [];
    const extension = (async (url: string, init?: RequestInit) => {
      asked.push({ url, token: new Headers(init?.headers).get('x-aws-parameters-secrets-token') });
      return new Response(
        JSON.stringify({ SecretString: JSON.stringify({ jwtPrivateJwk: jwk, hashKey: 'k'.repeat(32) }) }),
      );
    }) as typeof fetch;
    const config = parseConfig({
      TABLE_NAME: 't',
      SECRETS_ARN: 'arn:aws:secretsmanager:sa-east-1:1:secret:s',
      AWS_SESSION_TOKEN: 'session',
    });
    expect(await loadServiceSecrets(config, extension)).toEqual({
      jwtPrivateJwk: jwk,
      hashKey: 'k'.repeat(32),
    });
    expect(asked).toEqual([
      {
        url: 'http://localhost:2773/secretsmanager/get?secretId=arn%3Aaws%3Asecretsmanager%3Asa-east-1%3A1%3Asecret%3As',
        token: 'session',
      },
    ]);
  });

  it('stop the start when the extension refuses', async () => {
    const refusing = (async () => new Response('no', { status: 400 })) as typeof fetch;
    await expect(
      loadServiceSecrets(parseConfig({ TABLE_NAME: 't', SECRETS_ARN: 'arn' }), refusing),
    ).rejects.toThrow(/400/);
  });

  it('come from the local variables otherwise, and stop start-up when neither is set', async () => {
    const local = await loadServiceSecrets(
      parseConfig({ TABLE_NAME: 't', JWT_PRIVATE_JWK: JSON.stringify(jwk), HASH_KEY: 'h'.repeat(20) }),
    );
    expect(local.hashKey).toBe('h'.repeat(20));
    await expect(loadServiceSecrets(parseConfig({ TABLE_NAME: 't' }))).rejects.toThrow(
      /SECRETS_ARN, or both JWT_PRIVATE_JWK and HASH_KEY/,
    );
    await expect(
      loadServiceSecrets(parseConfig({ TABLE_NAME: 't', JWT_PRIVATE_JWK: '{', HASH_KEY: 'h'.repeat(20) })),
    ).rejects.toThrow(/JWT_PRIVATE_JWK: must be JSON/);
  });
  it('name a missing secret its caller needs, with the variable that holds it locally', async () => {
    const secrets = await loadServiceSecrets(
      parseConfig({
        TABLE_NAME: 't',
        JWT_PRIVATE_JWK: JSON.stringify(jwk),
        HASH_KEY: 'h'.repeat(20),
        WHATSAPP_ACCESS_TOKEN: 'token',
      }),
    );
    expect(requireSecret(secrets, 'whatsappAccessToken')).toBe('token');
    expect(() => requireSecret(secrets, 'relationshipRegistryToken')).toThrow(
      /relationshipRegistryToken \(or RELATIONSHIP_REGISTRY_TOKEN\) must be set/,
    );
  });
});
