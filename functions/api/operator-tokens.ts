import type { CapabilityConfig } from '../../shared/config/config';
import { operatorTokens } from '../../shared/adapters/auth/operator-tokens';
import type { OperatorTokens } from '../../shared/ports/operators';

/**
 * Operators' access tokens as the configuration says: Cognito's in AWS, the local stand-in
 * issuer's locally. Every group of operator routes (the backoffice, the proxy supply) verifies with it.
 */
export const configuredOperatorTokens = (operators: CapabilityConfig<'operators'>): OperatorTokens =>
  operators.OPERATOR_AUTH === 'cognito'
    ? operatorTokens({
        kind: 'cognito',
        userPoolId: operators.OPERATOR_USER_POOL_ID,
        clientId: operators.OPERATOR_CLIENT_ID,
      })
    : operatorTokens({
        kind: 'local',
        issuer: operators.OPERATOR_ISSUER,
        clientId: operators.OPERATOR_CLIENT_ID,
        jwks: operators.OPERATOR_JWKS_JSON,
      });
