import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, type JSONWebKeySet, type JWK } from 'jose';
import { ConfigError, type Config } from '../../config/config';
import type { AccessTokens } from '../../ports/access-tokens';

/**
 * Access tokens: ES256 JWTs. Verification pins the algorithm and checks expiry, issuer, audience and
 * the token type, and turns every failure into the same `null`.
 */
const algorithm = 'ES256';
const tokenType = 'at+jwt';

export interface AccessTokenSettings {
  /**
   * The private key, read when a token is issued: only the functions that sign guardians in may
   * read its secret, the others only verify.
   */
  signingJwk: () => Promise<JWK>;
  /** The public keys, by `kid`: the current signing key's and, while a new one overlaps, the old. */
  verificationKeys: JSONWebKeySet;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export const joseAccessTokens = (settings: AccessTokenSettings): AccessTokens => {
  // The key is asked for at every issue (the secrets extension caches it), so a new signing key
  // written to its secret is used within that cache's time, not at the process's recycling; it is
  // imported again only when it changed.
  let imported: { jwk: string; key: Awaited<ReturnType<typeof importJWK>> } | undefined;
  const signingKey = async () => {
    const jwk = await settings.signingJwk();
    const text = JSON.stringify(jwk);
    if (imported?.jwk !== text) imported = { jwk: text, key: await importJWK(jwk, algorithm) };
    return { key: imported.key, kid: jwk.kid };
  };
  // Picks the key a token's `kid` names (or, without one, tries each key that fits ES256).
  const verifyingKeys = createLocalJWKSet(settings.verificationKeys);

  return {
    async issue(userUid, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + settings.ttlSeconds;
      const { key, kid } = await signingKey();
      const accessToken = await new SignJWT({})
        .setProtectedHeader({ alg: algorithm, typ: tokenType, ...(kid === undefined ? {} : { kid }) })
        .setSubject(userUid)
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { accessToken, expiresAtMs: expiresAt * 1000 };
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, verifyingKeys, {
          algorithms: [algorithm],
          issuer: settings.issuer,
          audience: settings.audience,
          typ: tokenType,
          requiredClaims: ['exp', 'sub', 'iat'],
        });
        return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
};

/**
 * The verification keys: `JWT_PUBLIC_JWKS` (in AWS, set by CDK from the deploy's context). The
 * local stack gives only its private key, so there they are its public half.
 */
export const verificationKeys = (
  config: Pick<Config, 'JWT_PUBLIC_JWKS' | 'JWT_PRIVATE_JWK'>,
): JSONWebKeySet => {
  if (config.JWT_PUBLIC_JWKS !== undefined) return config.JWT_PUBLIC_JWKS as JSONWebKeySet;
  if (config.JWT_PRIVATE_JWK !== undefined) {
    try {
      const { d: _private, ...publicJwk } = JSON.parse(config.JWT_PRIVATE_JWK) as JWK;
      return { keys: [publicJwk] };
    } catch {
      throw new ConfigError('Invalid configuration: JWT_PRIVATE_JWK: must be JSON');
    }
  }
  throw new ConfigError('Invalid configuration: JWT_PUBLIC_JWKS (locally JWT_PRIVATE_JWK) must be set');
};
