import { dataKeyContexts } from '../../../infra/constructs/data-keys';
import type { AwsCall, FunctionCalls, SecretName } from '../../../infra/access/calls';
import type { QueueName } from '../../../infra/consumers';
import type { DataKeyName } from '../../../infra/group-access';
import { queuedBodyPrefix } from '../../../shared/adapters/sqs/queued-body';
import type { IamRequest } from './access-simulator';
import type { DeployedTemplates } from './deployed-templates';

export const statefulStack = 'Stateful';
export const statelessStack = 'Stateless';

/** The logical-id prefix of each secret in the stateful stack. */
const secretIds: Record<SecretName, string> = {
  signingKey: 'SigningKeySecret',
  hashKey: 'HashKeySecret',
  providerTokens: 'ProviderTokensSecret',
  originSecret: 'OriginSecret',
  gateway: 'GatewaySecrets',
  businessWebhook: 'BusinessWebhookSecrets',
  suppliers: 'ProxySupplierSecrets',
};
const dataKeyIds: Record<DataKeyName, string> = { seat: 'SeatKey', device: 'DeviceKey' };

/** A sample seat id (a ULID) and a device uid, of the shapes the data keys' grants require. */
export const sampleOwner: Record<DataKeyName, string> = {
  seat: '01JDQ6Z8Y3M4N5P6Q7R8S9T0VW',
  device: 'dv_AbCdEfGhIjKlMnOpQrSt',
};

/** The resources of the deployed stage, by the names the rows use. */
export class DeployedStage {
  constructor(readonly deployed: DeployedTemplates) {}

  arnOf(prefix: string, type: string): string {
    return String(
      this.deployed.getAtt(statefulStack, this.deployed.logicalId(statefulStack, prefix, type), 'Arn'),
    );
  }

  get tableArn() {
    return this.arnOf('Table', 'AWS::DynamoDB::GlobalTable');
  }
  key(prefix: 'DataKey' | 'SecretsKey' | 'EvidenceKey' | 'SeatKey' | 'DeviceKey'): string {
    return this.arnOf(prefix, 'AWS::KMS::Key');
  }
  secret(name: SecretName): string {
    const id = this.deployed.logicalId(statefulStack, secretIds[name], 'AWS::SecretsManager::Secret');
    return String(this.deployed.ref(statefulStack, id));
  }
  dataKey(name: DataKeyName): string {
    return this.key(dataKeyIds[name] as 'SeatKey' | 'DeviceKey');
  }
  queue(name: QueueName): string {
    return this.arnOf(`${name}Queue`, 'AWS::SQS::Queue');
  }

  /** The customer-managed key a queue's bodies are encrypted with, if it has one (SQS's own otherwise). */
  queueKey(name: QueueName): string | undefined {
    const id = this.deployed.logicalId(statefulStack, `${name}Queue`, 'AWS::SQS::Queue');
    const key = this.deployed.templates[statefulStack]?.Resources[id]?.Properties?.KmsMasterKeyId;
    return key === undefined ? undefined : String(this.deployed.resolve(statefulStack, key));
  }
  get eventBodiesBucket(): string {
    return this.arnOf('EventBodiesBucket', 'AWS::S3::Bucket');
  }
  get region() {
    return this.deployed.region;
  }
  get account() {
    return this.deployed.account;
  }

  /** The role whose policies a function's (or the relay's) calls are made with. */
  roleLogicalId(fn: FunctionCalls): string {
    const prefix =
      fn.kind === 'relay task'
        ? 'RelayTaskTaskRole'
        : fn.kind === 'relay start'
          ? 'RelayTaskExecutionRole'
          : `${fn.name}ServiceRole`;
    return this.deployed.logicalId(statelessStack, prefix, 'AWS::IAM::Role');
  }

  /** Reading a secret: Secrets Manager's action, and the secrets key's Decrypt it makes for that secret. */
  secretRequests(name: SecretName): IamRequest[] {
    const arn = this.secret(name);
    return [
      { action: 'secretsmanager:GetSecretValue', resource: arn },
      {
        action: 'kms:Decrypt',
        resource: this.key('SecretsKey'),
        context: {
          'kms:ViaService': `secretsmanager.${this.region}.amazonaws.com`,
          'kms:CallerAccount': this.account,
          'kms:EncryptionContext:SecretARN': arn,
          'kms:EncryptionContextKeys': ['SecretARN', 'SecretVersionId'],
        },
      },
    ];
  }

  /** Making or opening a data key under `owner`'s context (by default, one of the key's own shape). */
  dataKeyRequests(key: DataKeyName, use: 'make' | 'open', context?: Record<string, string>): IamRequest {
    const bound = context ?? { [dataKeyContexts[key].name]: sampleOwner[key] };
    return {
      action: use === 'make' ? 'kms:GenerateDataKey' : 'kms:Decrypt',
      resource: this.dataKey(key),
      context: {
        ...Object.fromEntries(
          Object.entries(bound).map(([name, value]) => [`kms:EncryptionContext:${name}`, value]),
        ),
        'kms:EncryptionContextKeys': Object.keys(bound),
        'kms:CallerAccount': this.account,
      },
    };
  }

  /** A table call on one partition (a pattern's `*` filled in), on the table or one of its indexes. */
  tableRequest(action: string, partition: string, index?: string): IamRequest {
    const resource = index === undefined ? this.tableArn : `${this.tableArn}/index/${index}`;
    // A call on the table itself (its description) names no item.
    if (action === 'dynamodb:DescribeTable') return { action, resource };
    return { action, resource, context: { 'dynamodb:LeadingKeys': [partition.replaceAll('*', 'x1')] } };
  }

  /** The table key's Decrypt that DynamoDB makes for every call on the table. */
  get tableKeyRequest(): IamRequest {
    return {
      action: 'kms:Decrypt',
      resource: this.key('DataKey'),
      context: {
        'kms:ViaService': `dynamodb.${this.region}.amazonaws.com`,
        'kms:CallerAccount': this.account,
      },
    };
  }

  /** Every request one declared call makes. */
  requests(call: AwsCall): IamRequest[] {
    switch (call.kind) {
      case 'table': {
        const { grant } = call;
        const partitions = 'partitions' in grant ? grant.partitions : ['ANY#*'];
        // On its indexes instead of the table when it names them (a Query of an index).
        const places = grant.indexes ?? [undefined];
        return [
          ...grant.actions.flatMap((action) =>
            places.flatMap((index) =>
              partitions.map((partition) => this.tableRequest(action, partition, index)),
            ),
          ),
          this.tableKeyRequest,
        ];
      }
      case 'secret':
        return this.secretRequests(call.secret);
      case 'dataKey':
        return call.grant.use.map((use) => this.dataKeyRequests(call.grant.key, use));
      case 'queue': {
        const resource = this.queue(call.queue);
        const actions = {
          send: ['sqs:SendMessage'],
          receive: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility'],
          depth: ['sqs:GetQueueAttributes'],
        }[call.use];
        // A queue under a key of ours: SQS asks KMS for the sender's data key and the receiver's.
        const key = this.queueKey(call.queue);
        const keyUse =
          key === undefined || call.use === 'depth'
            ? []
            : (call.use === 'send' ? ['kms:GenerateDataKey', 'kms:Decrypt'] : ['kms:Decrypt']).map(
                (action) => ({
                  action,
                  resource: key,
                  context: {
                    'kms:ViaService': `sqs.${this.region}.amazonaws.com`,
                    'kms:CallerAccount': this.account,
                  },
                }),
              );
        return [...actions.map((action) => ({ action, resource })), ...keyUse];
      }
      case 'schedule': {
        const group = String(
          this.deployed.physicalName(
            statelessStack,
            this.deployed.logicalId(statelessStack, 'Schedules', 'AWS::Scheduler::ScheduleGroup'),
          ),
        );
        const role = String(
          this.deployed.getAtt(
            statelessStack,
            this.deployed.logicalId(statelessStack, 'SchedulerRole', 'AWS::IAM::Role'),
            'Arn',
          ),
        );
        return [
          {
            action: 'scheduler:CreateSchedule',
            resource: `arn:aws:scheduler:${this.region}:${this.account}:schedule/${group}/${call.target}-01JDQ6Z8Y3`,
          },
          {
            action: 'scheduler:DeleteSchedule',
            resource: `arn:aws:scheduler:${this.region}:${this.account}:schedule/${group}/${call.target}-01JDQ6Z8Y3`,
          },
          {
            action: 'iam:PassRole',
            resource: role,
            context: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
          },
        ];
      }
      case 'model':
        return [
          {
            action: 'bedrock:InvokeModel',
            resource: `arn:aws:bedrock:${this.region}::foundation-model/anthropic.claude-3-haiku-20240307-v1:0`,
          },
        ];
      case 'seatKeysTable': {
        const table = this.arnOf('SeatKeysTable', 'AWS::DynamoDB::GlobalTable');
        return [
          ...call.actions.map((action) => ({ action, resource: table })),
          {
            action: 'kms:Decrypt',
            resource: this.arnOf('SeatKeysTableKey', 'AWS::KMS::Key'),
            context: {
              'kms:ViaService': `dynamodb.${this.region}.amazonaws.com`,
              'kms:CallerAccount': this.account,
            },
          },
        ];
      }
      case 'eventBodies': {
        const object = `${this.eventBodiesBucket}/${queuedBodyPrefix}01JDQ6Z8Y3`;
        return call.use === 'keep'
          ? [{ action: 's3:PutObject', resource: object }]
          : ['s3:GetObject', 's3:DeleteObject'].map((action) => ({ action, resource: object }));
      }
    }
  }
}
