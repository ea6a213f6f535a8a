import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { pascal } from '../consumers';
import {
  secretArnVariables,
  serviceSecretNames,
  type ServiceSecretName,
} from '../../shared/adapters/crypto/service-secrets';

export type ServiceSecrets = Record<ServiceSecretName, ISecret>;

/**
 * The service's secrets (made in the stateful stack), referenced by ARN: grants then land in this
 * stack's role policies, not in the secrets' resource policies.
 */
export const importServiceSecrets = (
  scope: Construct,
  arns: Record<ServiceSecretName, string>,
  encryptionKey: IKey,
): ServiceSecrets =>
  Object.fromEntries(
    serviceSecretNames.map((name) => [
      name,
      Secret.fromSecretAttributes(scope, `${pascal(name)}Secret`, {
        secretCompleteArn: arns[name],
        encryptionKey,
      }),
    ]),
  ) as ServiceSecrets;

/**
 * The one way a function gets a service secret: the secrets its row lists, each readable and named
 * by its ARN variable; any other is neither granted nor named to it.
 */
export const grantServiceSecrets = (
  fn: IFunction & { addEnvironment(key: string, value: string): unknown },
  secrets: ServiceSecrets,
  names: readonly ServiceSecretName[],
): void => {
  for (const name of names) {
    secrets[name].grantRead(fn);
    fn.addEnvironment(secretArnVariables[name], secrets[name].secretArn);
  }
};
