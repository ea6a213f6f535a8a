import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
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
 * The one way anything reads a secret: `secretsmanager:GetSecretValue` on it, and the secrets key's
 * `kms:Decrypt` through Secrets Manager for that secret only (its ARN is the encryption context
 * Secrets Manager sends). `Secret.grantRead` adds the KMS half only for a key of the same stack, and
 * the secrets key lives in the stateful one: without this statement every read fails on KMS in AWS.
 */
export const grantSecretRead = (grantee: IGrantable, secret: ISecret): void => {
  secret.grantRead(grantee);
  const key = secret.encryptionKey;
  if (key === undefined) throw new Error('the service’s secrets are encrypted with the secrets key');
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['kms:Decrypt'],
      resources: [key.keyArn],
      conditions: {
        StringEquals: {
          'kms:ViaService': `secretsmanager.${Stack.of(secret).region}.amazonaws.com`,
          'kms:EncryptionContext:SecretARN': secret.secretArn,
        },
      },
    }),
  );
};

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
    grantSecretRead(fn, secrets[name]);
    fn.addEnvironment(secretArnVariables[name], secrets[name].secretArn);
  }
};
