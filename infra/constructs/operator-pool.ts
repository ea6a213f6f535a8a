import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolGroup,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { operatorRoles } from '../../shared/domain/operators/roster';

/**
 * The backoffice operators' sign-in: a Cognito user pool nobody can sign up to (owners add members
 * through `POST /admin/members`), MFA by an authenticator app required, a strong password policy and
 * threat protection on; one group per operator role, and the backoffice's app client (SRP sign-in,
 * no secret: it is a browser app). The roster in the table stays the role in force.
 */
export class OperatorPool extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `family-protection-${props.stage}-operators`,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: { email: true },
      mfa: Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: {
        minLength: 14,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const role of operatorRoles) {
      new UserPoolGroup(this, `${role}Group`, { userPool: this.userPool, groupName: role });
    }
    this.client = this.userPool.addClient('Backoffice', {
      userPoolClientName: 'backoffice',
      generateSecret: false,
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.hours(12),
      enableTokenRevocation: true,
    });
  }
}
