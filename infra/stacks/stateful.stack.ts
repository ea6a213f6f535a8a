import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { deadLetterAlarm } from '../constructs/dead-letter-alarm';
import {
  deadLetterRetentionDaysOf,
  queueRetentionDays,
  queueConsumers,
  queueNames,
  type QueueConsumer,
  type QueueName,
} from '../consumers';
import { AttributeType, Billing, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { acknowledge } from '../nag';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { OperatorPool } from '../constructs/operator-pool';
import { AlarmTopic } from '../constructs/alarm-topic';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { seatKeysTableDesign, tableDesign } from '../../shared/adapters/dynamo/table-design';
import type { ServiceSecretName } from '../../shared/adapters/crypto/service-secrets';
import { logBucket } from '../constructs/log-bucket';

/**
 * What holds state and must outlive any deployment of code: the single table (with its stream,
 * TTL, point-in-time recovery and a customer-managed key), the seat keys' table (no recovery of
 * any kind: docs/security.md), the evidence bucket, the bucket of webhook bodies too large for a
 * queue message, the queues of the consumers table (infra/consumers.ts) and the service's secrets.
 */
export class StatefulStack extends Stack {
  readonly table: TableV2;
  readonly dataKey: Key;
  readonly seatKey: Key;
  /** The seats' wrapped data keys, apart from the table: no point-in-time recovery, no stream. */
  readonly seatKeysTable: TableV2;
  /** Encrypts the seat keys' table, and nothing else. */
  readonly seatKeysTableKey: Key;
  /** Wraps the service's and the gateway's secrets, and nothing else. */
  readonly secretsKey: Key;
  /** Wraps the person's evidence files, and nothing else. */
  readonly evidenceKey: Key;
  /** Encrypts the queues whose messages carry message text (`carriesMessageText`), and nothing else. */
  readonly queuedContentKey: Key;
  /** The service's secrets, one per kind, so that each function is granted only what it uses. */
  readonly serviceSecrets: Record<ServiceSecretName, Secret>;
  readonly evidenceBucket: Bucket;
  readonly eventBodiesBucket: Bucket;
  /** The server access logs of the evidence and event-body buckets. */
  readonly accessLogs: Bucket;
  /** The session provider's webhook key. */
  readonly gatewaySecrets: Secret;
  /** Meta's app secret and the verify token: the business webhook's alone. */
  readonly businessWebhookSecrets: Secret;
  /** Wraps guardians' push tokens, and nothing else: no seat's content. */
  readonly deviceKey: Key;
  /** The proxy suppliers' API keys, `{ <supplier code>: <key> }`. */
  readonly supplierSecrets: Secret;
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
      description: `family-protection ${props.stage}: table encryption`,
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

    // Push tokens under a key of their own: the function that registers devices never holds a key
    // that opens a seat's content.
    this.deviceKey = new Key(this, 'DeviceKey', {
      description: `family-protection ${props.stage}: guardians' push tokens (envelope encryption)`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Secrets and evidence under keys of their own: a function that may read the table (its key, only
    // through DynamoDB) can open neither, and each key's use is granted to its few users only.
    this.secretsKey = new Key(this, 'SecretsKey', {
      description: `family-protection ${props.stage}: the service's and the gateway's secrets`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.evidenceKey = new Key(this, 'EvidenceKey', {
      description: `family-protection ${props.stage}: the person's evidence (selfie and recording)`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // The queues that carry a person's message text (infra/consumers.ts, `carriesMessageText`): used
    // through SQS by their producers and worker alone, not by whoever may read a queue's attributes.
    this.queuedContentKey = new Key(this, 'QueuedContentKey', {
      description: `family-protection ${props.stage}: queued message text (session events and their dead letters)`,
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

    // The seats' wrapped data keys, one item per seat, deleted in the write that stops or archives
    // the seat (docs/security.md, crypto-shredding). The table above keeps 35 days of point-in-time
    // recovery: a key kept there would come back with any restore, and with it every message it
    // sealed. Here a deleted key is gone: no recovery, no stream (whose records would keep it a
    // day), no index; and a key of its own, used only by the functions that make or open seat keys.
    this.seatKeysTableKey = new Key(this, 'SeatKeysTableKey', {
      description: `family-protection ${props.stage}: the seat keys' table`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.seatKeysTable = new TableV2(this, 'SeatKeysTable', {
      partitionKey: { name: seatKeysTableDesign.partitionKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: false },
      deletionProtection: true,
      encryption: TableEncryptionV2.customerManagedKey(this.seatKeysTableKey),
      removalPolicy: retain,
    });
    acknowledge(
      this.seatKeysTable,
      'DDB3',
      'Crypto-shredding: a seat’s wrapped data key is deleted when the person stops or the seat is archived, and must not come back. Point-in-time recovery would keep it 35 days (and a restore would open every message it sealed); losing this table loses only the ability to read content, which is what a stop asks for (docs/security.md).',
    );

    // The person's selfie and recording: private, KMS-encrypted, TLS only, never served to anyone.
    this.evidenceBucket = new Bucket(this, 'EvidenceBucket', {
      encryption: BucketEncryption.KMS,
      encryptionKey: this.evidenceKey,
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

    // Who read or wrote which object of either bucket, kept 90 days. Made after them (and wired
    // with the buckets' own logging setting) so the buckets above keep their place in the template.
    this.accessLogs = logBucket(this, 'AccessLogs');
    const logged = [
      [this.evidenceBucket, 'evidence/'],
      [this.eventBodiesBucket, 'event-bodies/'],
    ] as const;
    for (const [bucket, prefix] of logged) {
      (bucket.node.defaultChild as CfnBucket).loggingConfiguration = {
        destinationBucketName: this.accessLogs.bucketName,
        logFilePrefix: prefix,
      };
    }
    this.accessLogs.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.accessLogs.arnForObjects('*')],
        conditions: {
          ArnLike: { 'aws:SourceArn': logged.map(([bucket]) => bucket.bucketArn) },
          StringEquals: { 'aws:SourceAccount': this.account },
        },
      }),
    );

    this.alarmTopic = new AlarmTopic(this, 'Alarms', { stage: props.stage }).topic;

    // Between the gateway and the workers: each queue row's queue with its dead-letter queue.
    this.queues = Object.fromEntries(
      queueConsumers.map((row) => {
        const names = queueNames(row);
        const { carriesMessageText = false }: QueueConsumer = row;
        const common = {
          ...(carriesMessageText
            ? { encryption: QueueEncryption.KMS, encryptionMasterKey: this.queuedContentKey }
            : { encryption: QueueEncryption.SQS_MANAGED }),
          enforceSSL: true,
          ...(row.queue.fifo ? { fifo: true } : {}),
        };
        const deadLetter = new Queue(this, `${row.name}DeadLetter`, {
          ...common,
          queueName: `${props.stage}-${names.deadLetter}`,
          retentionPeriod: Duration.days(deadLetterRetentionDaysOf(row)),
        });
        deadLetterAlarm(this, `${row.name}DeadLetterAlarm`, deadLetter).addAlarmAction(
          new SnsAction(this.alarmTopic),
        );
        const queue = new Queue(this, `${row.name}Queue`, {
          ...common,
          queueName: `${props.stage}-${names.queue}`,
          visibilityTimeout: Duration.seconds(row.queue.visibilityTimeoutSeconds),
          retentionPeriod: Duration.days(queueRetentionDays),
          deadLetterQueue: { queue: deadLetter, maxReceiveCount: row.queue.maxReceiveCount },
        });
        return [row.name, queue];
      }),
    ) as Record<QueueName, Queue>;

    // `{ sessionProviderWebhookSecret }`: the key the session provider signs its deliveries with,
    // read by the gateway's session webhook and by whoever makes a session (to hand it the key).
    this.gatewaySecrets = new Secret(this, 'GatewaySecrets', {
      description: `family-protection ${props.stage}: the session provider's webhook key`,
      encryptionKey: this.secretsKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.gatewaySecrets,
      'SMG4',
      'The session provider’s webhook key is handed to each session at its creation: it is changed by the written procedure (docs/infrastructure.md), not by a rotation function.',
    );
    // `{ businessProviderAppSecret, businessProviderVerifyToken }`: Meta's app secret opens every
    // signature of the business account, so only the business webhook reads it.
    this.businessWebhookSecrets = new Secret(this, 'BusinessWebhookSecrets', {
      description: `family-protection ${props.stage}: Meta's app secret and verify token`,
      encryptionKey: this.secretsKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.businessWebhookSecrets,
      'SMG4',
      'Meta issues the app secret and we choose the verify token: they are rotated in Meta’s console, then written here (docs/infrastructure.md), not by a rotation function.',
    );

    // `{ <supplier code>: <API key> }`: apart from the service's secrets, so that only the function
    // that calls suppliers can read them (docs/proxy-supply.md).
    this.supplierSecrets = new Secret(this, 'ProxySupplierSecrets', {
      description: `family-protection ${props.stage}: the proxy suppliers' API keys`,
      encryptionKey: this.secretsKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.supplierSecrets,
      'SMG4',
      'The suppliers issue these API keys: they are rotated in each supplier’s console, then written here (docs/proxy-supply.md), not by a rotation function.',
    );

    // Written after the first deploy (docs/deploy.md), read at cold start; each one read only by
    // the functions whose row names it (infra/group-access.ts, infra/consumers.ts).
    const secret = (name: ServiceSecretName, id: string, holds: string, noRotation: string) => {
      const made = new Secret(this, id, {
        description: `family-protection ${props.stage}: ${holds}`,
        encryptionKey: this.secretsKey,
        removalPolicy: RemovalPolicy.RETAIN,
      });
      acknowledge(made, 'SMG4', noRotation);
      return [name, made] as const;
    };
    this.serviceSecrets = Object.fromEntries([
      secret(
        'signingKey',
        'SigningKeySecret',
        'the ES256 access-token signing key, `{ jwtPrivateJwk }`',
        'Not rotatable by a function: a new signing key must be published to the verifiers (JWT_PUBLIC_JWKS) beside the old one for an access token’s lifetime; it changes by the written procedure (docs/infrastructure.md), not on a timer.',
      ),
      secret(
        'hashKey',
        'HashKeySecret',
        'the keyed-hash key, `{ hashKey }`',
        'Not rotatable: the keyed-hash key names stored items (e-mail lookups, link and ticket hashes), so a new one orphans them (docs/infrastructure.md).',
      ),
      secret(
        'providerTokens',
        'ProviderTokensSecret',
        'the providers’ tokens (WhatsApp, relationship registry, session provider)',
        'The providers issue these tokens: they are rotated in each provider’s console, then written here (docs/deploy.md), not by a rotation function.',
      ),
      secret(
        'originSecret',
        'OriginSecret',
        'CloudFront’s origin header value, `{ cloudFrontOriginSecret }`',
        'Read by CloudFront at deploy time and by the origins at run time: a new value is written, then the stateless stack deployed (docs/infrastructure.md), not on a timer.',
      ),
    ]) as Record<ServiceSecretName, Secret>;
  }
}
