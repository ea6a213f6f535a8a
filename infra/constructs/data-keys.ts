import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { DataKeyGrant, DataKeyName } from '../group-access';

/**
 * Each data key's encryption context, as its adapter sends it (shared/adapters/consent/kms-seat-keys.ts)
 * and as every grant on it requires: the one context name, and a value of its owner's shape. A seat
 * id is a ULID (26 characters); a device's uid is `dv_…`. So the seat key never opens a device's
 * wrapped token nor the device key a seat's content, whatever a function asks.
 */
export const dataKeyContexts = {
  seat: { name: 'seatId', value: '?'.repeat(26) },
  device: { name: 'deviceId', value: 'dv_*' },
} as const satisfies Record<DataKeyName, { name: string; value: string }>;

/** The variables that select KMS and name the key, for the adapter (shared/config/config.ts). */
const environmentOf = (key: DataKeyName, arn: string): Record<string, string> =>
  key === 'seat'
    ? { SEAT_KEYS: 'kms', SEAT_KEYS_KMS_KEY_ID: arn }
    : { DEVICE_KEYS: 'kms', DEVICE_KEYS_KMS_KEY_ID: arn };

const actionsOf = { make: 'kms:GenerateDataKey', open: 'kms:Decrypt' } as const;

/**
 * Lets `fn` make or open data keys of the keys its row names, each only under that key's own
 * context: exactly one context key, of the owner's shape.
 */
export const grantDataKeys = (
  fn: NodejsFunction,
  keyArns: Partial<Record<DataKeyName, string>>,
  grants: readonly DataKeyGrant[],
): void => {
  for (const { key, use } of grants) {
    const arn = keyArns[key];
    if (arn === undefined) throw new Error(`no ${key} key here for ${fn.node.id}`);
    for (const [name, value] of Object.entries(environmentOf(key, arn))) fn.addEnvironment(name, value);
    const context = dataKeyContexts[key];
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: use.map((each) => actionsOf[each]),
        resources: [arn],
        conditions: {
          StringLike: { [`kms:EncryptionContext:${context.name}`]: context.value },
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': [context.name] },
        },
      }),
    );
  }
};
