import { importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import type { AccessTokens } from '../../ports/access-tokens';
import { lazy } from '../../lazy';

/**
 * Access tokens: ES256 JWTs. Verification pins the algorithm and checks expiry, issuer, audience and
 * the token type, and turns every failure into the same `null`.
 */
const algorithm = 'ES256';
const tokenType = 'at+jwt';

export interface AccessTokenSettings {
  privateJwk: JWK;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export const joseAccessTokens = async (settings: AccessTokenSettings): Promise<AccessTokens> => {
  // Each key is imported when first used: most functions only verify, and sign-in requests do neither.
  const { d: _private, ...publicJwk } = settings.privateJwk;
  const signingKey = lazy(() => importJWK(settings.privateJwk, algorithm));
  const verifyingKey = lazy(() => importJWK(publicJwk, algorithm));

  return {
    async issue(userUid, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + settings.ttlSeconds;
      const accessToken = await new SignJWT({})
        .setProtectedHeader({ alg: algorithm, typ: tokenType })
        .setSubject(userUid)
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await signingKey());
      return { accessToken, expiresAtMs: expiresAt * 1000 };
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await verifyingKey(), {
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
