import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { joseAccessTokens, verificationKeys } from '../../../shared/adapters/auth/jose-access-tokens';
import { parseConfig } from '../../../shared/config/config';
import type { AccessTokens } from '../../../shared/ports/access-tokens';

let jwk: JWK;
let tokens: AccessTokens;
const settings = { issuer: 'family-protection', audience: 'family-protection-app', ttlSeconds: 900 };

beforeAll(async () => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  jwk = await exportJWK(privateKey);
  tokens = joseAccessTokens({
    ...settings,
    signingJwk: async () => jwk,
    verificationKeys: { keys: [half(jwk)] },
  });
});

/** A key pair's public half, as verifiers are given it. */
const half = ({ d: _d, ...publicJwk }: JWK): JWK => publicJwk;
const newPair = async (kid: string) => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid };
};
const header = (token: string): unknown =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());

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

describe('access tokens across a change of signing key', () => {
  it('name their key by its kid, and verify with whichever key of the set it names', async () => {
    const [old, current] = [await newPair('2026-01'), await newPair('2026-07')];
    const verificationKeys = { keys: [half(current), half(old)] };
    const signedWith = (key: JWK) =>
      joseAccessTokens({ ...settings, signingJwk: async () => key, verificationKeys });
    const before = await signedWith(old).issue('usr_1', new Date());
    const after = await signedWith(current).issue('usr_2', new Date());
    expect(header(after.accessToken)).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: '2026-07' });
    // One verifier, during the overlap, takes both; once the old key is dropped, only the new.
    const overlap = signedWith(current);
    expect(await overlap.verify(before.accessToken)).toBe('usr_1');
    expect(await overlap.verify(after.accessToken)).toBe('usr_2');
    const afterwards = joseAccessTokens({
      ...settings,
      signingJwk: async () => current,
      verificationKeys: { keys: [half(current)] },
    });
    expect(await afterwards.verify(before.accessToken)).toBeNull();
    expect(await afterwards.verify(after.accessToken)).toBe('usr_2');
  });

  it('sign with the key its secret holds now: a new key written there is used without a restart', async () => {
    const [old, current] = [await newPair('2026-01'), await newPair('2026-07')];
    let inSecret = old;
    const issuer = joseAccessTokens({
      ...settings,
      signingJwk: async () => inSecret,
      verificationKeys: { keys: [half(current), half(old)] },
    });
    expect(header((await issuer.issue('usr_1', new Date())).accessToken)).toMatchObject({ kid: '2026-01' });
    inSecret = current;
    const after = await issuer.issue('usr_1', new Date());
    expect(header(after.accessToken)).toMatchObject({ kid: '2026-07' });
    expect(await issuer.verify(after.accessToken)).toBe('usr_1');
  });

  it('refuse a token naming a key the set does not hold', async () => {
    const stranger = await newPair('2026-07');
    const forged = await joseAccessTokens({
      ...settings,
      signingJwk: async () => stranger,
      verificationKeys: { keys: [half(stranger)] },
    }).issue('usr_1', new Date());
    expect(await tokens.verify(forged.accessToken)).toBeNull();
  });

  it('verify without ever reading the signing key: verifiers cannot read its secret', async () => {
    const verifier = joseAccessTokens({
      ...settings,
      signingJwk: () => Promise.reject(new Error('AccessDenied')),
      verificationKeys: { keys: [half(jwk)] },
    });
    const issued = await tokens.issue('usr_1', new Date());
    expect(await verifier.verify(issued.accessToken)).toBe('usr_1');
    await expect(verifier.issue('usr_1', new Date())).rejects.toThrow('AccessDenied');
  });
});

describe('the verification keys', () => {
  it('are JWT_PUBLIC_JWKS, or locally the public half of JWT_PRIVATE_JWK', () => {
    const keys = { keys: [{ ...half(jwk), kid: 'k1' }] };
    expect(verificationKeys(parseConfig({ TABLE_NAME: 't', JWT_PUBLIC_JWKS: JSON.stringify(keys) }))).toEqual(
      keys,
    );
    expect(verificationKeys(parseConfig({ TABLE_NAME: 't', JWT_PRIVATE_JWK: JSON.stringify(jwk) }))).toEqual({
      keys: [half(jwk)],
    });
    expect(() => verificationKeys(parseConfig({ TABLE_NAME: 't' }))).toThrow(
      /JWT_PUBLIC_JWKS \(locally JWT_PRIVATE_JWK\) must be set/,
    );
  });

  it('refuse a private key given as a public one, and an empty set', () => {
    expect(() => parseConfig({ TABLE_NAME: 't', JWT_PUBLIC_JWKS: JSON.stringify({ keys: [jwk] }) })).toThrow(
      /JWT_PUBLIC_JWKS/,
    );
    expect(() => parseConfig({ TABLE_NAME: 't', JWT_PUBLIC_JWKS: JSON.stringify({ keys: [] }) })).toThrow(
      /JWT_PUBLIC_JWKS/,
    );
  });
});
