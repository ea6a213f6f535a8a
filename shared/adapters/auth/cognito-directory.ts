import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  UsernameExistsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { OperatorDirectory } from '../../ports/operators';

/**
 * The operator members' users in the Cognito user pool (sign-in by e-mail, one group per role).
 * Cognito e-mails the new user a temporary password; MFA is set up at the first sign-in.
 */
const subOf = (attributes: readonly AttributeType[] | undefined): string => {
  const sub = attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (sub === undefined) throw new Error('Cognito answered a user without its sub');
  return sub;
};

export const cognitoDirectory = (
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): OperatorDirectory => ({
  async create(email, role) {
    let sub: string;
    try {
      const { User } = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: email,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      );
      sub = subOf(User?.Attributes);
    } catch (error) {
      // A user left by an earlier attempt whose member was never written: taken over, not doubled.
      if (!(error instanceof UsernameExistsException)) throw error;
      const existing = await client.send(
        new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }),
      );
      sub = subOf(existing.UserAttributes);
    }
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: role }),
    );
    return sub;
  },

  async setRole(member, from, to) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: member.email, GroupName: to }),
    );
    await client.send(
      new AdminRemoveUserFromGroupCommand({
        UserPoolId: userPoolId,
        Username: member.email,
        GroupName: from,
      }),
    );
  },

  async remove(member) {
    try {
      await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: member.email }));
    } catch (error) {
      if (!(error instanceof UserNotFoundException)) throw error;
    }
  },
});

/**
 * The local stand-in issuer's directory: no users to create, the roster is all there is; a new
 * member's subject is made here as Cognito would make it.
 */
export const localDirectory = (newSubject: () => string): OperatorDirectory => ({
  create: () => Promise.resolve(newSubject()),
  setRole: () => Promise.resolve(),
  remove: () => Promise.resolve(),
});
