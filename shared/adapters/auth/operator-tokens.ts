import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { OperatorTokens } from '../../ports/operators';

/**
 * Operators' access tokens, verified with aws-jwt-verify: in AWS against the Cognito user pool's
 * JWKS, locally against the stand-in issuer's (given in configuration, as it never leaves this
 * machine). Both make the same checks: signature by a key of the JWKS, issuer, expiry, an access
 * token (`token_use`) of the backoffice's app client (`client_id`). Every failure is the same `null`.
 */
export type OperatorTokenSettings =
  | { kind: 'cognito'; userPoolId: string; clientId: string }
  | { kind: 'local'; issuer: string; clientId: string; jwks: { keys: readonly Record<string, unknown>[] } };

const subjectOf = (payload: JwtPayload): string | null =>
  typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : null;

export const operatorTokens = (settings: OperatorTokenSettings): OperatorTokens => {
  const verify = verifierFor(settings);
  return {
    async verify(token) {
      try {
        return subjectOf(await verify(token));
      } catch {
        return null;
      }
    },
  };
};

const verifierFor = (settings: OperatorTokenSettings): ((token: string) => Promise<JwtPayload>) => {
  if (settings.kind === 'cognito') {
    const verifier = CognitoJwtVerifier.create({
      userPoolId: settings.userPoolId,
      tokenUse: 'access',
      clientId: settings.clientId,
    });
    return (token) => verifier.verify(token);
  }
  const verifier = JwtVerifier.create({
    issuer: settings.issuer,
    // Cognito's access tokens carry no `aud`: the app client is `client_id`, checked below.
    audience: null,
    jwksUri: `${settings.issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload['token_use'] !== 'access') throw new Error('not an access token');
      if (payload['client_id'] !== settings.clientId) throw new Error('another app client');
    },
  });
  verifier.cacheJwks(settings.jwks as Parameters<typeof verifier.cacheJwks>[0]);
  return (token) => verifier.verify(token);
};
