import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { joseAccessTokens } from '../../../shared/adapters/auth/jose-access-tokens';
import type { AccessTokens } from '../../../shared/ports/access-tokens';

let jwk: JWK;
let tokens: AccessTokens;
const settings = { issuer: 'family-protection', audience: 'family-protection-app', ttlSeconds: 900 };

beforeAll(async () => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  jwk = await exportJWK(privateKey);
  tokens = await joseAccessTokens({ ...settings, privateJwk: jwk });
});

const forge = async (fields: {
  alg?: string;
  typ?: string;
  iss?: string;
  aud?: string;
  exp?: number;
  key: CryptoKey | Uint8Array;
}) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: fields.alg ?? 'ES256', typ: fields.typ ?? 'at+jwt' })
    .setSubject('usr_1')
    .setIssuer(fields.iss ?? settings.issuer)
    .setAudience(fields.aud ?? settings.audience)
    .setIssuedAt(now)
    .setExpirationTime(fields.exp ?? now + 60)
    .sign(fields.key);
};

describe('access tokens', () => {
  it('are ES256 JWTs for the user, valid JWT_ACCESS_TTL_SECONDS', async () => {
    const now = new Date();
    const issued = await tokens.issue('usr_1', now);
    expect(issued.expiresAtMs).toBe(Math.floor(now.getTime() / 1000) * 1000 + 900_000);
    expect(JSON.parse(Buffer.from(issued.accessToken.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'ES256',
      typ: 'at+jwt',
    });
    expect(await tokens.verify(issued.accessToken)).toBe('usr_1');
  });

  it('refuse an expired token', async () => {
    const issued = await tokens.issue('usr_1', new Date(Date.now() - 3_600_000));
    expect(await tokens.verify(issued.accessToken)).toBeNull();
  });

  it('refuse another issuer, another audience or another token type', async () => {
    const key = (await importJWK(jwk, 'ES256')) as CryptoKey;
    expect(await tokens.verify(await forge({ iss: 'someone', key }))).toBeNull();
    expect(await tokens.verify(await forge({ aud: 'someone', key }))).toBeNull();
    expect(await tokens.verify(await forge({ typ: 'JWT', key }))).toBeNull();
    expect(await tokens.verify(await forge({ key }))).toBe('usr_1');
  });

  it('pin the algorithm: an HS256 token, even keyed with the public key, is refused', async () => {
    const { d: _d, ...publicJwk } = jwk;
    const hs = await forge({ alg: 'HS256', key: new TextEncoder().encode(JSON.stringify(publicJwk)) });
    expect(await tokens.verify(hs)).toBeNull();
  });

  it('refuse a token signed by another key, and garbage', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expect(await tokens.verify(await forge({ key: privateKey }))).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
  });
});
