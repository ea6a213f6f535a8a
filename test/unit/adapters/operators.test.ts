import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateKeyPair, exportJWK, type JWK } from 'jose';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { cognitoDirectory } from '../../../shared/adapters/auth/cognito-directory';
import { operatorTokens } from '../../../shared/adapters/auth/operator-tokens';
import { operatorIssuer, signOperatorToken } from '../../../localstack/operator-issuer';

const cognito = mockClient(CognitoIdentityProviderClient);
afterEach(() => {
  cognito.reset();
});
const directory = () =>
  cognitoDirectory(new CognitoIdentityProviderClient({ region: 'sa-east-1' }), 'sa-east-1_pool');
const member = { uid: 'sub-1', email: 'ops@example.com' };

describe('the Cognito directory of operators', () => {
  it('creates the user by e-mail in its role’s group and answers its sub', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Attributes: [{ Name: 'sub', Value: 'sub-1' }] } });
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    expect(await directory().create('ops@example.com', 'operator')).toBe('sub-1');
    const created = cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input;
    expect(created).toMatchObject({
      UserPoolId: 'sa-east-1_pool',
      Username: 'ops@example.com',
      DesiredDeliveryMediums: ['EMAIL'],
    });
    expect(created.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'sa-east-1_pool',
      Username: 'ops@example.com',
      GroupName: 'operator',
    });
  });

  it('takes over a user an earlier attempt left, instead of failing or doubling it', async () => {
    cognito
      .on(AdminCreateUserCommand)
      .rejects(new UsernameExistsException({ message: 'exists', $metadata: {} }));
    cognito.on(AdminGetUserCommand).resolves({ UserAttributes: [{ Name: 'sub', Value: 'sub-old' }] });
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    expect(await directory().create('ops@example.com', 'owner')).toBe('sub-old');
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(1);
  });

  it('moves the user to the new role’s group, out of the old one', async () => {
    cognito.on(AdminAddUserToGroupCommand).resolves({});
    cognito.on(AdminRemoveUserFromGroupCommand).resolves({});
    await directory().setRole(member, 'owner', 'operator');
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input.GroupName).toBe('operator');
    expect(cognito.commandCalls(AdminRemoveUserFromGroupCommand)[0]!.args[0].input.GroupName).toBe('owner');
  });

  it('deletes the user, and a user already gone is not an error', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(new UserNotFoundException({ message: 'gone', $metadata: {} }));
    await expect(directory().remove(member)).resolves.toBeUndefined();
    cognito.on(AdminDeleteUserCommand).rejects(new Error('throttled'));
    await expect(directory().remove(member)).rejects.toThrow('throttled');
  });
});

describe('operator tokens (the local stand-in issuer, checked as Cognito’s are)', () => {
  const verifier = operatorTokens({ kind: 'local', ...operatorIssuer });
  const operator = { uid: 'sub-1', email: 'ops@example.com', role: 'owner' } as const;

  it('accepts an access token of the backoffice client and answers its subject', async () => {
    expect(await verifier.verify(await signOperatorToken(operator))).toBe('sub-1');
  });

  it('refuses an expired token, another issuer’s key, another client, an id token and garbage', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const foreign: JWK = {
      ...(await exportJWK(privateKey)),
      kid: operatorIssuer.jwks.keys[0]!.kid as string,
    };
    for (const token of [
      await signOperatorToken(operator, { now: new Date(Date.now() - 2 * 3600_000) }),
      await signOperatorToken(operator, { key: foreign }),
      await signOperatorToken(operator, { claims: { client_id: 'another-client' } }),
      await signOperatorToken(operator, { claims: { token_use: 'id' } }),
      'garbage',
    ]) {
      expect(await verifier.verify(token)).toBeNull();
    }
  });
});
