import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { cognitoDirectory, localDirectory } from '../../shared/adapters/auth/cognito-directory';
import { operatorTokens } from '../../shared/adapters/auth/operator-tokens';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoAuditTrail, dynamoRosterStore } from '../../shared/adapters/dynamo/operators.store';
import type { OperatorDeps } from '../../shared/app/operators/operators';
import { configFor, type Config } from '../../shared/config/config';

/**
 * Who may call an operator route, and the trail of what operators did: every group of operator
 * routes (the backoffice, the proxy supply) verifies operators' access tokens (Cognito's in AWS,
 * the local stand-in issuer's locally) against the roster. Its variables are checked now.
 */
export const operatorAccessOf = (
  table: TableAccess,
): Pick<OperatorDeps, 'operatorTokens' | 'roster' | 'auditTrail'> => {
  const { operators } = configFor('operators');
  return {
    operatorTokens:
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
          }),
    roster: dynamoRosterStore(table),
    auditTrail: dynamoAuditTrail(table),
  };
};

/** The operators' directory the backoffice manages accounts in: the Cognito user pool, or a stand-in locally. */
export const operatorDirectoryOf = (settings: Config): OperatorDeps['directory'] => {
  const { operators } = configFor('operators');
  return operators.OPERATOR_AUTH === 'cognito'
    ? cognitoDirectory(
        new CognitoIdentityProviderClient({ region: settings.AWS_REGION }),
        operators.OPERATOR_USER_POOL_ID,
      )
    : localDirectory(randomUUID);
};
