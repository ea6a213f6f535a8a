import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { deadLetterAlarm, deadLetterRetentionDays } from '../constructs/dead-letter-alarm';
import { queueConsumers, queueNames, type QueueName } from '../consumers';
import { AttributeType, Billing, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { OperatorPool } from '../constructs/operator-pool';
import { AlarmTopic } from '../constructs/alarm-topic';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { tableDesign } from '../../shared/adapters/dynamo/table-design';

/**
 * What holds state and must outlive any deployment of code: the single table (with its stream,
 * TTL, point-in-time recovery and a customer-managed key), the evidence bucket, the bucket of
 * webhook bodies too large for a queue message, the queues of the
 * consumers table (infra/consumers.ts) and the service's secrets.
 */
export class StatefulStack extends Stack {
  readonly table: TableV2;
  readonly dataKey: Key;
  readonly seatKey: Key;
  readonly serviceSecrets: Secret;
  readonly evidenceBucket: Bucket;
  readonly eventBodiesBucket: Bucket;
  readonly gatewaySecrets: Secret;
  readonly queues: Record<QueueName, Queue>;
  /** The backoffice operators' Cognito user pool, its role groups and app client. */
  readonly operators: OperatorPool;
  /** Where every alarm of the stage notifies (infra/constructs/operations.ts, docs/operations.md). */
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, props);
    // Data outlives stacks in every stage; deletion protection guards the table itself too.
    const retain = RemovalPolicy.RETAIN;

    this.dataKey = new Key(this, 'DataKey', {
      description: `family-protection ${props.stage}: table and secrets encryption`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Seat data keys are wrapped under a key of their own: the table's key is usable by every
    // function that reads the table, and none of them may unwrap a seat's key. Only the seats
    // function makes one (activation); only a function that reads content may ever open one.
    this.seatKey = new Key(this, 'SeatKey', {
      description: `family-protection ${props.stage}: seat data keys (envelope encryption of content)`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.operators = new OperatorPool(this, 'Operators', { stage: props.stage });

    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: tableDesign.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDesign.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: tableDesign.globalIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
      billing: Billing.onDemand(),
      dynamoStream: StreamViewType[tableDesign.streamView],
      timeToLiveAttribute: tableDesign.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryptionV2.customerManagedKey(this.dataKey),
      removalPolicy: retain,
    });

    // The person's selfie and recording: private, KMS-encrypted, TLS only, never served to anyone.
    this.evidenceBucket = new Bucket(this, 'EvidenceBucket', {
      encryption: BucketEncryption.KMS,
      encryptionKey: this.dataKey,
      bucketKeyEnabled: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // A webhook body too large for a queue message, between the gateway and its worker: private,
    // encrypted, TLS only, gone after a day whatever happens (the worker removes it once handled).
    this.eventBodiesBucket = new Bucket(this, 'EventBodiesBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      lifecycleRules: [
        { expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.alarmTopic = new AlarmTopic(this, 'Alarms', { stage: props.stage }).topic;

    // Between the gateway and the workers: each queue row's queue with its dead-letter queue.
    this.queues = Object.fromEntries(
      queueConsumers.map((row) => {
        const names = queueNames(row);
        const common = {
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          ...(row.queue.fifo ? { fifo: true } : {}),
        };
        const deadLetter = new Queue(this, `${row.name}DeadLetter`, {
          ...common,
          queueName: `${props.stage}-${names.deadLetter}`,
          retentionPeriod: Duration.days(deadLetterRetentionDays),
        });
        deadLetterAlarm(this, `${row.name}DeadLetterAlarm`, deadLetter).addAlarmAction(
          new SnsAction(this.alarmTopic),
        );
        const queue = new Queue(this, `${row.name}Queue`, {
          ...common,
          queueName: `${props.stage}-${names.queue}`,
          visibilityTimeout: Duration.seconds(row.queue.visibilityTimeoutSeconds),
          deadLetterQueue: { queue: deadLetter, maxReceiveCount: row.queue.maxReceiveCount },
        });
        return [row.name, queue];
      }),
    ) as Record<QueueName, Queue>;

    // `{ sessionProviderWebhookSecret, businessProviderAppSecret, businessProviderVerifyToken }`.
    this.gatewaySecrets = new Secret(this, 'GatewaySecrets', {
      description: `family-protection ${props.stage}: webhook keys the gateway verifies with`,
      encryptionKey: this.dataKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // `{ jwtPrivateJwk, hashKey, … }`: written once after the first deploy (docs/deploy.md), read at
    // cold start.
    this.serviceSecrets = new Secret(this, 'ServiceSecrets', {
      description: `family-protection ${props.stage}: ES256 signing key and keyed-hash key`,
      encryptionKey: this.dataKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
