import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consumerFunctionId,
  consumers,
  pascal,
  queueConsumers,
  queueNames,
  queueUrlVariable,
  scheduleConsumers,
  type ScheduleConsumer,
  streamConsumers,
  targetArnVariable,
  targetFunctionName,
  type Consumer,
  type QueueConsumer,
} from '../../infra/consumers';
import { groupAccess } from '../../infra/group-access';
import { functionGroups, gatewayRoutes, routes } from '../../infra/routes';
import { routeKey } from '../../shared/http/route-match';
import {
  secretArnVariables,
  serviceSecretNames,
  type ServiceSecretName,
} from '../../shared/adapters/crypto/service-secrets';
import { testStacks, testStageSettings } from '../support/stage-settings';
import { scheduleTargets } from '../../shared/adapters/scheduler/schedule-targets';
import { parseCapabilities, parseConfig, type Capability } from '../../shared/config/config';

const gatewayFunctions = [...new Set(gatewayRoutes.map((route) => route.name))];
const gatewayFunctionCount = gatewayFunctions.length;
/** Every row of the consumers table has its function: queue workers, stream consumers, schedule targets. */
const consumerCount = consumers.length;
let stateful: Template;
let stateless: Template;

beforeAll(() => {
  const stacks = testStacks();
  stateful = Template.fromStack(stacks.stateful);
  stateless = Template.fromStack(stacks.stateless);
});

type Statement = { Action: string | string[]; Effect: string; Resource?: unknown; Condition?: unknown };
const actionsOf = (template: Template, functionLogicalPrefix: string): string[] => {
  const policies = template.findResources('AWS::IAM::Policy');
  return Object.entries(policies)
    .filter(([id]) => id.startsWith(functionLogicalPrefix))
    .flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[]).flatMap((s) => [s.Action].flat()),
    );
};

describe('every stack', () => {
  it('stays well within CloudFormation’s 500 resources, with room for the next rows', () => {
    for (const template of [stateful, stateless])
      expect(Object.keys(template.toJSON().Resources as object).length).toBeLessThan(450);
  });
});

describe('the stateful stack', () => {
  it('sets every queue’s retention, in both stacks, rather than SQS’s default of 4 days', () => {
    const queues = [stateful, stateless].flatMap((template) =>
      Object.values(template.findResources('AWS::SQS::Queue')),
    );
    expect(queues.length).toBeGreaterThan(10);
    for (const queue of queues) expect(queue.Properties.MessageRetentionPeriod).toBeGreaterThanOrEqual(3600);
  });

  it('defines the single table: PK/SK, GSI1-3, stream with both images, TTL, PITR, customer key, deletion protection', () => {
    stateful.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        Match.objectLike({ IndexName: 'GSI1' }),
        Match.objectLike({ IndexName: 'GSI2' }),
        Match.objectLike({ IndexName: 'GSI3' }),
      ],
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      BillingMode: 'PAY_PER_REQUEST',
      Replicas: [
        Match.objectLike({
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { KMSMasterKeyId: Match.anyValue() },
        }),
      ],
    });
    stateful.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain' });
  });

  it('keeps the person’s evidence in a private, KMS-encrypted, TLS-only bucket', () => {
    stateful.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          Match.objectLike({
            ServerSideEncryptionByDefault: Match.objectLike({ SSEAlgorithm: 'aws:kms' }),
            BucketKeyEnabled: true,
          }),
        ],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    stateful.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('keeps webhook bodies too large for a queue message in a private, encrypted, TLS-only bucket that forgets them in a day', () => {
    const [bucketId] = Object.keys(
      stateful.findResources('AWS::S3::Bucket', {
        Properties: { LifecycleConfiguration: Match.anyValue() },
      }),
    );
    expect(bucketId).toMatch(/^EventBodiesBucket/);
    stateful.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          Match.objectLike({ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }),
        ],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: {
        Rules: [Match.objectLike({ ExpirationInDays: 1, Status: 'Enabled' })],
      },
    });
    stateful.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('keeps seats’ wrapped data keys in a table of their own: no point-in-time recovery, no stream, no index, a key of its own', () => {
    const tables = stateful.findResources('AWS::DynamoDB::GlobalTable', {
      Properties: { KeySchema: [{ AttributeName: 'seatId', KeyType: 'HASH' }] },
    });
    const [[id, table]] = Object.entries(tables) as [[string, { Properties: Record<string, unknown> }]];
    expect(id).toMatch(/^SeatKeysTable/);
    expect(table.Properties['StreamSpecification']).toBeUndefined();
    expect(table.Properties['GlobalSecondaryIndexes']).toBeUndefined();
    expect(table.Properties['TimeToLiveSpecification']).toBeUndefined();
    stateful.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [{ AttributeName: 'seatId', KeyType: 'HASH' }],
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false },
            SSESpecification: {
              KMSMasterKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SeatKeysTableKey'), 'Arn'] },
            },
          }),
        ],
      }),
    });
    stateful.hasResourceProperties('AWS::KMS::Key', {
      Description: Match.stringLikeRegexp('seat keys'),
      EnableKeyRotation: true,
    });
  });

  it('keeps a rotating customer-managed key and the service secrets encrypted with it', () => {
    stateful.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    stateful.hasResourceProperties('AWS::SecretsManager::Secret', { KmsKeyId: Match.anyValue() });
  });
});

describe('the queues', () => {
  it('keep session events in order per session (FIFO) with a dead-letter queue after 5 receives', () => {
    stateful.hasResourceProperties('AWS::SQS::Queue', {
      FifoQueue: true,
      QueueName: 'test-session-events.fifo',
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 },
    });
    stateful.hasResourceProperties('AWS::SQS::Queue', {
      FifoQueue: true,
      QueueName: 'test-session-events-dlq.fifo',
    });
    stateful.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'test-business-events',
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 },
    });
  });
});

describe('queued message text', () => {
  const contentRows = queueConsumers.filter((row) => (row as QueueConsumer).carriesMessageText === true);
  const keyId = () =>
    Object.keys(
      stateful.findResources('AWS::KMS::Key', {
        Properties: { Description: Match.stringLikeRegexp('queued message text') },
      }),
    );

  it('is the session events’ alone (the provider’s webhook bodies); the other queues carry ids', () => {
    expect(contentRows.map((row) => row.name)).toEqual(['sessionEvents']);
  });

  it('waits under a rotating key of its own, in the queue and its dead-letter queue, which keeps it a day', () => {
    const [key] = keyId();
    expect(key).toMatch(/^QueuedContentKey/);
    stateful.hasResourceProperties('AWS::KMS::Key', {
      Description: Match.stringLikeRegexp('queued message text'),
      EnableKeyRotation: true,
    });
    for (const row of contentRows) {
      const names = queueNames(row);
      stateful.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `test-${names.queue}`,
        KmsMasterKeyId: { 'Fn::GetAtt': [key, 'Arn'] },
      });
      stateful.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `test-${names.deadLetter}`,
        KmsMasterKeyId: { 'Fn::GetAtt': [key, 'Arn'] },
        MessageRetentionPeriod: 86_400,
      });
    }
    // Every other queue: SQS's own encryption, and two weeks in its dead-letter queue.
    for (const row of queueConsumers.filter((one) => !contentRows.includes(one))) {
      const names = queueNames(row);
      stateful.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `test-${names.queue}`,
        SqsManagedSseEnabled: true,
      });
      stateful.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: `test-${names.deadLetter}`,
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 86_400,
      });
    }
  });

  it('is sealed and opened through SQS by the queue’s producers (GenerateDataKey, Decrypt) and its worker (Decrypt), and nobody else', () => {
    const onKey = Object.entries(stateless.findResources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as (Statement & { Condition?: unknown })[])
        .filter((statement) => JSON.stringify(statement.Resource).includes('QueuedContentKey'))
        .map((statement) => {
          expect(statement.Condition).toEqual({
            StringEquals: { 'kms:ViaService': 'sqs.sa-east-1.amazonaws.com' },
          });
          return [id.replace(/(Api|Worker|ServiceRole).*$/, ''), [statement.Action].flat()] as const;
        }),
    );
    const send = ['kms:GenerateDataKey', 'kms:Decrypt'];
    const expected = contentRows.flatMap((row) => {
      const { apiProducers = [] }: QueueConsumer = row;
      return [
        ...row.producers.map((producer) => [producer, send] as const),
        ...apiProducers.map((group) => [pascal(group), send] as const),
        [pascal(row.name), ['kms:Decrypt']] as const,
      ];
    });
    expect([...onKey].sort()).toEqual([...expected].sort());
  });
});

describe('the stateless stack', () => {
  it('has one Node 24 arm64 function per group, each with its own log group kept a month', () => {
    const functions = stateless.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs24.x', Architectures: ['arm64'] },
    });
    expect(Object.keys(functions)).toHaveLength(functionGroups.length + gatewayFunctionCount + consumerCount);
    // Each function's log group, the relay's, and the two HTTP APIs' access logs.
    stateless.resourceCountIs(
      'AWS::Logs::LogGroup',
      functionGroups.length + gatewayFunctionCount + consumerCount + 1 + 2,
    );
    stateless.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('routes every entry of the route table, and $default to the 404 function', () => {
    const declared = Object.values(stateless.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey as string,
    );
    expect(declared.sort()).toEqual(
      [...routes.map(routeKey), ...gatewayRoutes.map(routeKey), '$default'].sort(),
    );
  });

  it('signs operators in with a Cognito pool nobody signs up to: MFA, strong passwords, threat protection, owner and operator groups, a backoffice client', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      MfaConfiguration: 'ON',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 14,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      DeletionProtection: 'ACTIVE',
    });
    const groups = Object.values(stateful.findResources('AWS::Cognito::UserPoolGroup')).map(
      (group) => group.Properties.GroupName as string,
    );
    expect(groups.sort()).toEqual(['operator', 'owner']);
    stateful.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
    });
  });

  it('guards every operator route with the JWT authorizer of the pool and client, and no other route', () => {
    const authorizers = stateless.findResources('AWS::ApiGatewayV2::Authorizer');
    expect(Object.values(authorizers).map((each) => each.Properties.AuthorizerType)).toEqual(['JWT']);
    const [authorizerId] = Object.keys(authorizers);
    const guarded = Object.values(stateless.findResources('AWS::ApiGatewayV2::Route'))
      .filter((route) => route.Properties.AuthorizationType === 'JWT')
      .map((route) => {
        expect(route.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
        return route.Properties.RouteKey as string;
      });
    expect(guarded.sort()).toEqual(
      routes
        .filter((route) => route.auth === 'operator')
        .map(routeKey)
        .sort(),
    );
    expect(actionsOf(stateless, 'AdminApi')).toEqual(
      expect.arrayContaining(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminAddUserToGroup']),
    );
  });

  it('grants least privilege: health reads one item and the table description; mail from the sign-in mail worker and the notifying groups only', () => {
    const health = actionsOf(stateless, 'HealthApi');
    expect(health).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:DescribeTable']));
    expect(health.filter((action) => action.startsWith('dynamodb:'))).toHaveLength(2);
    expect(health).not.toContain('secretsmanager:GetSecretValue');
    for (const group of ['SignInMailsWorker', 'ConsentApi', 'PairingApi'])
      expect(actionsOf(stateless, group)).toContain('ses:SendEmail');
    // Sign-in mail goes out from its worker, after the answer: the auth group only queues the letter.
    expect(actionsOf(stateless, 'AuthApi')).toContain('sqs:SendMessage');
    for (const group of ['AccountsApi', 'SeatsApi', 'ConsentApi']) {
      const actions = actionsOf(stateless, group);
      expect(actions).toContain('secretsmanager:GetSecretValue');
      // A transaction is authorised by the actions of its parts.
      expect(actions).toEqual(
        expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query']),
      );
      expect(actions).not.toContain('dynamodb:DeleteTable');
    }
    // A new seat and a subscription are written only if their account exists (a condition check).
    for (const group of ['AccountsApi', 'SeatsApi'])
      expect(actionsOf(stateless, group)).toContain('dynamodb:ConditionCheckItem');
    expect(actionsOf(stateless, 'ConsentApi')).not.toContain('dynamodb:ConditionCheckItem');
    for (const group of [
      'AuthApi',
      'AccountsApi',
      'SeatsApi',
      'AlertsApi',
      'NotificationsApi',
      'HealthApi',
      'EvidenceApi',
    ])
      expect(actionsOf(stateless, group)).not.toContain('ses:SendEmail');
  });

  it('pushes to devices with least privilege: endpoints made in the stage applications by the accounts function only, published to by the notifying functions only', () => {
    const statementsOf = (prefix: string) =>
      Object.entries(stateless.findResources('AWS::IAM::Policy'))
        .filter(([id]) => id.startsWith(prefix))
        .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[]);
    const snsOf = (prefix: string) =>
      statementsOf(prefix)
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('sns:')))
        .map((statement) => ({ actions: [statement.Action].flat(), resource: statement.Resource }));
    const endpoints = [
      'arn:aws:sns:sa-east-1:123456789012:endpoint/APNS/family-ios/*',
      'arn:aws:sns:sa-east-1:123456789012:endpoint/GCM/family-android/*',
    ];
    expect(snsOf('AccountsApi')).toEqual([
      {
        actions: ['sns:CreatePlatformEndpoint'],
        resource: [
          'arn:aws:sns:sa-east-1:123456789012:app/APNS/family-ios',
          'arn:aws:sns:sa-east-1:123456789012:app/GCM/family-android',
        ],
      },
      { actions: ['sns:DeleteEndpoint'], resource: endpoints },
    ]);
    for (const prefix of [
      'ConsentApi',
      'PairingApi',
      'SessionEventsWorker',
      'ReconnectWorker',
      'TrialEndingWorker',
    ])
      expect(snsOf(prefix), prefix).toEqual([{ actions: ['sns:Publish'], resource: endpoints }]);
    for (const prefix of ['AuthApi', 'SeatsApi', 'AlertsApi', 'NotificationsApi', 'HealthApi', 'EvidenceApi'])
      expect(snsOf(prefix), prefix).toEqual([]);
    // No topic any more: a push goes to a device's endpoint.
    expect(Object.keys(stateless.findResources('AWS::SNS::Topic'))).toEqual([]);
  });

  it('lets only the evidence function check and keep evidence, and only the seats function make seat keys', () => {
    const consent = actionsOf(stateless, 'EvidenceApi');
    expect(consent).toEqual(
      expect.arrayContaining([
        'rekognition:DetectFaces',
        'transcribe:StartStreamTranscription',
        's3:PutObject',
      ]),
    );
    expect(consent).not.toContain('s3:GetObject');
    for (const other of ['AuthApi', 'AccountsApi', 'SeatsApi', 'ConsentApi', 'PairingApi', 'HealthApi']) {
      expect(actionsOf(stateless, other)).not.toContain('s3:PutObject');
      expect(actionsOf(stateless, other)).not.toContain('rekognition:DetectFaces');
    }
    expect(actionsOf(stateless, 'SeatsApi')).toContain('kms:GenerateDataKey');
    const puts = Object.values(stateless.findResources('AWS::IAM::Policy'))
      .flatMap(
        (policy) =>
          policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
      )
      .filter((statement) => [statement.Action].flat().includes('s3:PutObject'));
    expect(JSON.stringify(puts)).toContain('/evidence/*');
  });

  it('wraps seat data keys under a key of their own: the seats and consent functions make them, the alerts function, the session-events and history import workers open them, each under a seat’s context only; push tokens under another key', () => {
    stateful.hasResourceProperties('AWS::KMS::Key', {
      Description: Match.stringLikeRegexp('seat data keys'),
      EnableKeyRotation: true,
    });
    const onSeatKey = Object.entries(stateless.findResources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => /SeatKey(?!sTable)/.test(JSON.stringify(statement.Resource)))
        .map(
          (statement) => [id.replace(/ServiceRoleDefaultPolicy.*$/, ''), [statement.Action].flat()] as const,
        ),
    );
    expect(onSeatKey.map(([id, actions]) => [id.replace(/(Api|Worker).*$/, ''), actions]).sort()).toEqual([
      ['Alerts', ['kms:Decrypt']],
      ['Consent', ['kms:GenerateDataKey']],
      ['HistoryImport', ['kms:Decrypt']],
      ['Seats', ['kms:GenerateDataKey']],
      ['SessionEvents', ['kms:Decrypt']],
    ]);
    const seatContexts = Object.values(stateless.findResources('AWS::IAM::Policy'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => /SeatKey[0-9A-F]{8}/.test(JSON.stringify(statement.Resource)))
      .map((statement) => statement.Condition);
    for (const condition of seatContexts)
      expect(condition).toEqual({
        StringLike: { 'kms:EncryptionContext:seatId': '?'.repeat(26) },
        'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['seatId'] },
      });
    // A device's push token is wrapped under a data key of the device key (made, then opened to seal it).
    stateful.hasResourceProperties('AWS::KMS::Key', { Description: Match.stringLikeRegexp('push tokens') });
    const onDeviceKey = Object.entries(stateless.findResources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => JSON.stringify(statement.Resource).includes('DeviceKey'))
        .map(
          (statement) => [id.replace(/ServiceRoleDefaultPolicy.*$/, ''), [statement.Action].flat()] as const,
        ),
    );
    expect(onDeviceKey).toEqual([['AccountsApi', ['kms:GenerateDataKey', 'kms:Decrypt']]]);
  });

  it('lets the seats and consent functions write and delete wrapped seat keys, those that open them read them, and nobody else touch them', () => {
    const onKeysTable = Object.entries(stateless.findResources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => JSON.stringify(statement.Resource).includes('SeatKeysTable'))
        .map((statement) => [id.replace(/(Api|Worker).*$/, ''), [statement.Action].flat()] as const),
    );
    const viaDynamo = ['kms:Decrypt'];
    expect(onKeysTable.sort()).toEqual([
      ['Alerts', ['dynamodb:GetItem']],
      ['Alerts', viaDynamo],
      ['Consent', ['dynamodb:PutItem', 'dynamodb:DeleteItem']],
      ['Consent', viaDynamo],
      ['HistoryImport', ['dynamodb:GetItem']],
      ['HistoryImport', viaDynamo],
      ['Seats', ['dynamodb:PutItem', 'dynamodb:DeleteItem']],
      ['Seats', viaDynamo],
      ['SessionEvents', ['dynamodb:GetItem']],
      ['SessionEvents', viaDynamo],
    ]);
    const named = Object.entries(stateless.findResources('AWS::Lambda::Function'))
      .filter(([, fn]) => fn.Properties.Environment?.Variables?.['SEAT_KEYS_TABLE_NAME'] !== undefined)
      .map(([id]) => id.replace(/(Api|Worker).*$/, ''))
      .sort();
    expect(named).toEqual(['Alerts', 'Consent', 'HistoryImport', 'Seats', 'SessionEvents']);
  });

  it('lets only the workers that read messages (live, and history) call Bedrock, on the one foundation model they are configured with', () => {
    const invoking = Object.entries(stateless.findResources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('bedrock:')))
        .map((statement) => ({ id, actions: [statement.Action].flat(), resource: statement.Resource })),
    );
    expect(invoking.map(({ id }) => id.replace(/Worker.*$/, '')).sort()).toEqual([
      'HistoryImport',
      'SessionEvents',
    ]);
    for (const one of invoking) {
      expect(one.actions).toEqual(['bedrock:InvokeModel']);
      expect(JSON.stringify(one.resource)).toMatch(
        /arn:.*:bedrock:.*::foundation-model\/anthropic\.claude-3-haiku-20240307-v1:0"/,
      );
    }
    const worker = Object.entries(stateless.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith('SessionEventsWorker'),
    );
    expect(worker?.[1].Properties.Environment.Variables).toMatchObject({
      ANALYZER: 'bedrock',
      ANALYSIS_MODEL_ID: 'anthropic.claude-3-haiku-20240307-v1:0',
    });
    expect(worker?.[1].Properties.Environment.Variables.ANALYSIS_SANDBOX_MARKER).toBeUndefined();
  });

  it('keeps the proxy suppliers’ keys in a secret of their own that only the supply function reads', () => {
    stateful.hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: Match.stringLikeRegexp('proxy suppliers'),
      KmsKeyId: Match.anyValue(),
    });
    const readers = Object.entries(stateless.findResources('AWS::IAM::Policy'))
      .filter(([, policy]) =>
        JSON.stringify(policy.Properties.PolicyDocument).includes('ProxySupplierSecrets'),
      )
      .map(([id]) => id);
    expect(readers).toHaveLength(1);
    expect(readers[0]).toMatch(/^SupplyApi/);
    expect(actionsOf(stateless, 'SupplyApi')).toContain('secretsmanager:GetSecretValue');
    // Nor does the daily expiry check (it calls no supplier) see the suppliers or their keys.
    const expiryCheck = Object.entries(stateless.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith('SupplyExpiryWorker'),
    );
    expect(JSON.stringify(expiryCheck?.[1].Properties.Environment)).not.toMatch(/PROXY_SUPPLIER/);
  });

  it('reserves the public evidence upload 20 concurrent runs, its most at once', () => {
    const evidence = Object.entries(stateless.findResources('AWS::Lambda::Function')).filter(([id]) =>
      id.startsWith('EvidenceApiFunction'),
    );
    expect(evidence.map(([, fn]) => fn.Properties.ReservedConcurrentExecutions)).toEqual([20]);
  });

  it('gives the gateway its own HTTP API, whose function may only enqueue and read its keys', () => {
    stateless.resourceCountIs('AWS::ApiGatewayV2::Api', 2);
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /webhooks/session-provider',
    });
    const gateway = actionsOf(stateless, 'SessionProviderWebhook');
    expect(gateway).toEqual(expect.arrayContaining(['sqs:SendMessage', 'secretsmanager:GetSecretValue']));
    expect(gateway.filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
  });

  it('lets the session gateway write kept bodies under their prefix only, and its worker only read and remove them', () => {
    type Policy = {
      Properties: { PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } };
    };
    const s3Statements = (prefix: string) =>
      Object.entries(stateless.findResources('AWS::IAM::Policy') as Record<string, Policy>)
        .filter(([id]) => id.startsWith(prefix))
        .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')));
    const onPrefix = (statement: { Resource: unknown }) =>
      JSON.stringify(statement.Resource).includes('/session-events/*');
    const gateway = s3Statements('SessionProviderWebhook');
    expect(gateway.flatMap((statement) => [statement.Action].flat())).toEqual(['s3:PutObject']);
    expect(gateway.every(onPrefix)).toBe(true);
    const worker = s3Statements('SessionEventsWorker');
    expect(worker.flatMap((statement) => [statement.Action].flat()).sort()).toEqual([
      's3:DeleteObject',
      's3:GetObject',
    ]);
    expect(worker.every(onPrefix)).toBe(true);
    expect(s3Statements('BusinessProviderWebhook')).toEqual([]);
    expect(s3Statements('BusinessEventsWorker')).toEqual([]);
  });

  it('reads secrets through the Parameters and Secrets extension layer, health excepted', () => {
    const functions = Object.entries(stateless.findResources('AWS::Lambda::Function'));
    const withLayer = functions.filter(([, fn]) =>
      JSON.stringify(fn.Properties.Layers ?? []).includes('AWS-Parameters-and-Secrets-Lambda-Extension'),
    );
    expect(withLayer.map(([id]) => id.replace(/(Api)?Function.*/, '')).sort()).toEqual([
      'Accounts',
      'Admin',
      'Alerts',
      'Auth',
      'BusinessEventsWorker',
      'BusinessProviderWebhook',
      'Consent',
      'ConsentSendsWorker',
      'ContentShreddingStreamHandler',
      'EventFanOutStreamHandler',
      'Evidence',
      'History',
      'HistoryAdmissionWorker',
      'HistoryImportWorker',
      'HistoryOfferExpiryWorker',
      'HistoryStuckWorker',
      'Notifications',
      'Pairing',
      'PauseResumeWorker',
      'ProxyBurnsWorker',
      'ReconnectWorker',
      'Seats',
      'SessionEndsWorker',
      'SessionEventsWorker',
      'SessionProviderWebhook',
      'SignInMailsWorker',
      'Supply',
      'SupplyExpiryWorker',
      'TrialEndingWorker',
    ]);
  });

  it('gives each function the variables of every capability its code checks as it starts', () => {
    const api: Capability[] = ['relationshipRegistry'];
    // The workers that move pairings end sessions through the session-ends queue (read on first end).
    const workers: Capability[] = [
      'sessionProvider',
      'reconnectScheduler',
      'notifications',
      'sessionEndsQueue',
    ];
    // Whoever moves the history queue: read when the first import is admitted or checked.
    const history: Capability[] = ['historyOfferScheduler', 'historyStuckScheduler', 'historyImportQueue'];
    // What each function's modules pass to `configFor` (functions/**): its cold start fails without them.
    const wired: Record<string, Capability[]> = {
      // Sign-in requests post their letter to the sign-in mail worker's queue.
      AuthApi: [...api, 'signInMailsQueue'],
      AccountsApi: [...api, 'pushPlatforms', 'deviceKeys'],
      // The consent-link queue is read on the first send; its URL is there all the same.
      SeatsApi: [...api, 'seatKeys', 'pauseResumeScheduler', 'consentSendsQueue'],
      ConsentApi: [...api, 'sessionProvider', 'notifications', 'seatKeys', 'sessionEndsQueue'],
      EvidenceApi: [...api, 'evidenceStore'],
      PairingApi: [...api, 'sessionProvider', 'notifications', 'sessionEndsQueue'],
      // An excerpt opens its seat's key: its wrapped copy is in the seat keys' table.
      AlertsApi: [...api, 'seatKeys', 'wrappedKeys'],
      NotificationsApi: api,
      HealthApi: api,
      AdminApi: [
        ...api,
        'operators',
        'sessionProvider',
        'notifications',
        'sessionEventsQueue',
        'businessEventsQueue',
        // The burn worker's queue: read on the first burn.
        'proxyBurnsQueue',
        // A pairing's reset ends its session.
        'sessionEndsQueue',
      ],
      HistoryApi: [...api, 'notifications', ...history],
      SessionProviderWebhook: ['sessionEventsQueue'],
      BusinessProviderWebhook: ['businessEventsQueue'],
      GatewayHealth: ['sessionEventsQueue', 'businessEventsQueue'],
      EventFanOutStreamHandler: [],
      ContentShreddingStreamHandler: [],
      SessionEventsWorker: [
        ...workers,
        'seatKeys',
        'wrappedKeys',
        'analysis',
        'trialEndingScheduler',
        ...history,
      ],
      HistoryImportWorker: [
        'sessionProvider',
        'notifications',
        'seatKeys',
        'wrappedKeys',
        'analysis',
        ...history,
      ],
      HistoryOfferExpiryWorker: ['notifications', ...history],
      HistoryStuckWorker: ['notifications', ...history],
      HistoryAdmissionWorker: ['notifications', ...history],
      // Status reports move deliveries; a failed one notifies the family.
      BusinessEventsWorker: ['notifications'],
      ConsentSendsWorker: ['notifications', 'messenger', 'consentSendsQueue'],
      ReconnectWorker: workers,
      // The table only: it ends a pause and tells no one but the event log.
      PauseResumeWorker: [],
      // A schedule target that only notifies: it schedules nothing and talks to no provider.
      TrialEndingWorker: ['notifications'],
      // Sends sign-in mail only: no table, no secrets.
      SignInMailsWorker: ['mail'],
      // The proxy supply: operators' routes; the suppliers and their keys are read on first use.
      SupplyApi: [...api, 'operators'],
      // The daily supply check: the table only (audit entries and a log line).
      SupplyExpiryWorker: [],
      // Moves sessions off a burned proxy (the provider), or tells guardians to pair again.
      ProxyBurnsWorker: ['sessionProvider', 'notifications', 'sessionEndsQueue'],
      // Deletes ended sessions at the provider, asking again until it confirms.
      SessionEndsWorker: ['sessionProvider'],
    };
    const ours = Object.entries(stateless.findResources('AWS::Lambda::Function')).filter(
      ([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME !== undefined,
    );
    expect(ours.map(([id]) => id.replace(/Function[0-9A-F]{8}$/, '')).sort()).toEqual(
      Object.keys(wired).sort(),
    );
    for (const [id, fn] of ours) {
      // CloudFormation resolves references at deploy time: stand in a value of the right shape.
      const environment = Object.fromEntries(
        Object.entries(fn.Properties.Environment.Variables as Record<string, unknown>).map(
          ([name, value]) => [name, typeof value === 'string' ? value : 'https://resolved.example/at-deploy'],
        ),
      );
      const capabilities = wired[id.replace(/Function[0-9A-F]{8}$/, '')] ?? [];
      expect(() => parseCapabilities(parseConfig(environment), ...capabilities), id).not.toThrow();
    }
  });

  it('gives the functions the table and the secret by reference, never a secret value', () => {
    const apiFunctions = Object.entries(stateless.findResources('AWS::Lambda::Function')).filter(([id]) =>
      id.includes('ApiFunction'),
    );
    expect(apiFunctions).toHaveLength(functionGroups.length);
    for (const [, fn] of apiFunctions) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        TABLE_NAME: expect.anything(),
        JWT_PUBLIC_JWKS: testStageSettings.jwtPublicJwks,
        MAIL_DELIVERY: 'ses',
      });
    }
    const functionsAndTasks = JSON.stringify({
      functions: stateless.findResources('AWS::Lambda::Function'),
      environments: Object.values(stateless.findResources('AWS::ECS::TaskDefinition')).map((task) =>
        (task.Properties.ContainerDefinitions as { Environment?: unknown }[]).map((c) => c.Environment),
      ),
    });
    expect(functionsAndTasks).not.toContain('JWT_PRIVATE_JWK');
    expect(functionsAndTasks).not.toContain('HASH_KEY');
    // The relay's container gets its secrets only as references into their secrets.
    stateless.hasResourceProperties('AWS::ECS::TaskDefinition', {
      ContainerDefinitions: [
        Match.objectLike({
          Secrets: [
            { Name: 'HASH_KEY', ValueFrom: Match.objectLike({ 'Fn::Join': Match.anyValue() }) },
            // Behind CloudFront, the origin header's secret, by reference as well (docs/client-ip.md).
            {
              Name: 'CLOUDFRONT_ORIGIN_SECRET',
              ValueFrom: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
            },
          ],
        }),
      ],
    });
  });
});

describe('the workers', () => {
  it('consume every queue through event source mappings that report partial batch failures', () => {
    const mappings = Object.values(stateless.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('Queue'),
    );
    expect(mappings).toHaveLength(queueConsumers.length);
    for (const mapping of mappings) {
      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    }
    // Each row's batch: ten events, or one history import per run.
    expect(mappings.map((mapping) => mapping.Properties.BatchSize as number).sort()).toEqual(
      queueConsumers.map((row) => row.batchSize).sort(),
    );
  });

  it('schedule reconnects in the service’s group, run by a role only EventBridge Scheduler assumes, with a DLQ', () => {
    stateless.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    stateless.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': Match.anyValue() } },
          }),
        ],
      },
    });
    const schedulerRole = actionsOf(stateless, 'SchedulerRole');
    expect(schedulerRole).toEqual(expect.arrayContaining(['lambda:InvokeFunction', 'sqs:SendMessage']));
    stateless.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'family-protection-test-reconnect',
    });
    for (const worker of ['SessionEventsWorker', 'ReconnectWorker']) {
      const actions = actionsOf(stateless, worker);
      expect(actions).toEqual(
        expect.arrayContaining([
          'scheduler:CreateSchedule',
          'scheduler:DeleteSchedule',
          'iam:PassRole',
          'sns:Publish',
        ]),
      );
    }
  });

  it('ends pauses through the pauseResume target: scheduled by the seats routes only, on its own names', () => {
    stateless.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'family-protection-test-pause-resume',
    });
    // The Scheduler's role may invoke every target, this one included.
    const invoke = Object.entries(stateless.findResources('AWS::IAM::Policy'))
      .filter(([id]) => id.startsWith('SchedulerRole'))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
    expect(JSON.stringify(invoke)).toContain('family-protection-test-pause-resume');
    const seats = Object.entries(stateless.findResources('AWS::IAM::Policy'))
      .filter(([id]) => id.startsWith('SeatsApi'))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => [statement.Action].flat().includes('scheduler:CreateSchedule'));
    expect(seats).toHaveLength(1);
    expect(JSON.stringify(seats[0]?.Resource)).toContain('/pauseResume-*');
    expect(JSON.stringify(seats[0]?.Resource)).not.toContain('/reconnect-*');
    expect(actionsOf(stateless, 'PauseResumeWorker')).not.toContain('scheduler:CreateSchedule');
    for (const group of ['Accounts', 'Pairing', 'Consent', 'Alerts'])
      expect(actionsOf(stateless, `${group}Api`)).not.toContain('scheduler:CreateSchedule');
  });

  it('alarms on every dead-letter queue: each queue’s and the reconnect schedules’', () => {
    stateful.resourceCountIs('AWS::CloudWatch::Alarm', queueConsumers.length);
    // The reconnect schedules' and each table-stream row's (beside the relay's scaling alarms).
    expect(
      Object.keys(
        stateless.findResources('AWS::CloudWatch::Alarm', {
          Properties: { MetricName: 'ApproximateNumberOfMessagesVisible' },
        }),
      ),
    ).toHaveLength(1 + streamConsumers.length);
    for (const template of [stateful])
      template.allResourcesProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
  });

  it('counts events of unknown sessions with a metric filter on the worker’s log', () => {
    stateless.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.outcome = "unknown_session" }',
      MetricTransformations: [Match.objectLike({ MetricName: 'UnknownSessionEvents' })],
    });
  });

  it('counts signed business-provider bodies the gateway could not use, on its log', () => {
    const [[, filter]] = Object.entries(
      stateless.findResources('AWS::Logs::MetricFilter', {
        Properties: { MetricTransformations: [Match.objectLike({ MetricName: 'UnusableBusinessWebhooks' })] },
      }),
    ) as [[string, { Properties: Record<string, unknown> }]];
    expect(filter.Properties).toMatchObject({
      FilterPattern: '{ $.outcome = "unusable" }',
      MetricTransformations: [{ MetricValue: '$.count', MetricNamespace: 'FamilyProtection' }],
    });
    expect(JSON.stringify(filter.Properties['LogGroupName'])).toContain('BusinessProviderWebhook');
  });

  it('keeps the gateway away from the table, the alerts function within the alert partitions and the notifications function within the inbox', () => {
    for (const gateway of ['SessionProviderWebhook', 'BusinessProviderWebhook'])
      expect(actionsOf(stateless, gateway).filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
    // (The alerts function's read of a seat's wrapped key, in the seat keys' table, is checked with that table.)
    const tableStatements = (prefix: string) =>
      Object.entries(stateless.findResources('AWS::IAM::Policy'))
        .filter(([id]) => id.startsWith(prefix))
        .flatMap(
          ([, policy]) =>
            policy.Properties.PolicyDocument.Statement as {
              Condition?: unknown;
              Action: unknown;
              Resource: unknown;
            }[],
        )
        .filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'))
        .filter((statement) => !JSON.stringify(statement.Resource).includes('SeatKeysTable'));
    const leadingKeysOf = (statements: { Condition?: unknown }[]) =>
      statements.flatMap((statement) =>
        Object.values(statement.Condition as Record<string, Record<string, string[]>>).flatMap(
          (condition) => condition['dynamodb:LeadingKeys'] ?? [],
        ),
      );
    const cases = [
      { prefix: 'AlertsApi', group: 'alerts', within: ['ALERTS#*', 'SEATMSG#*', 'RATE#excerpt#*'] },
      { prefix: 'NotificationsApi', group: 'notifications', within: ['INBOX#*'] },
    ] as const;
    for (const { prefix, group, within } of cases) {
      const statements = tableStatements(prefix);
      // One statement per grant of its row, each confined to the row's partitions.
      expect(statements, prefix).toEqual(
        groupAccess[group].table.map((grant) =>
          expect.objectContaining({
            Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...grant.partitions] } },
          }),
        ),
      );
      for (const partition of within) expect(leadingKeysOf(statements), prefix).toContain(partition);
      expect(actionsOf(stateless, prefix)).not.toContain('dynamodb:DeleteItem');
    }
    // A guardian's inbox is the notifications function's; the alerts function never reads it.
    expect(leadingKeysOf(tableStatements('AlertsApi'))).not.toContain('INBOX#*');
  });
});

describe('the session ends', () => {
  it('are a queue row of their own, sent to by whoever ends pairings, and only by them', () => {
    const row = queueConsumers.find((one) => one.name === 'sessionEnds');
    expect(row).toMatchObject({ kind: 'queue', queue: { fifo: false } });
    const senders = Object.entries(stateless.findResources('AWS::IAM::Policy'))
      .filter(([, policy]) =>
        (policy.Properties.PolicyDocument.Statement as Statement[]).some(
          (statement) =>
            [statement.Action].flat().includes('sqs:SendMessage') &&
            JSON.stringify(statement.Resource).includes('sessionEndsQueue'),
        ),
      )
      .map(([id]) => id.replace(/(Api|Worker)?(Function)?ServiceRole.*$/, ''))
      .sort();
    expect(senders).toEqual(['Admin', 'Consent', 'Pairing', 'ProxyBurns', 'Reconnect', 'SessionEvents']);
  });
});

describe('the content shredding', () => {
  it('is woken by the table stream only where a seat’s data key was destroyed (its id gone from the seat item), with an alarmed DLQ', () => {
    stateless.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              dynamodb: {
                OldImage: { type: { S: ['seat'] }, dataKeyId: { S: [{ exists: true }] } },
                NewImage: { dataKeyId: { S: [{ exists: false }] } },
              },
            }),
          },
        ],
      },
      StartingPosition: 'LATEST',
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      BisectBatchOnFunctionError: true,
    });
  });

  it('may read and batch-delete the table’s items, and reaches nothing else: no key, no push, no mail, no VPC', () => {
    const actions = actionsOf(stateless, 'ContentShreddingStreamHandler');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchWriteItem']));
    expect(actions).not.toContain('dynamodb:DeleteItem');
    for (const action of ['kms:GenerateDataKey', 'sns:Publish', 'ses:SendEmail', 'scheduler:CreateSchedule'])
      expect(actions).not.toContain(action);
    const [, fn] =
      Object.entries(stateless.findResources('AWS::Lambda::Function')).find(([id]) =>
        id.startsWith('ContentShreddingStreamHandler'),
      ) ?? [];
    expect(fn?.Properties.VpcConfig).toBeUndefined();
  });
});

describe('the relay', () => {
  it('runs on Fargate behind an HTTPS load balancer whose idle timeout outlasts the ping, with a health check', () => {
    stateless.hasResourceProperties('AWS::ECS::Service', { LaunchType: 'FARGATE', DesiredCount: 2 });
    stateless.hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', {
      Port: 443,
      Protocol: 'HTTPS',
    });
    stateless.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', {
      LoadBalancerAttributes: Match.arrayWith([{ Key: 'idle_timeout.timeout_seconds', Value: '120' }]),
    });
    stateless.hasResourceProperties('AWS::ElasticLoadBalancingV2::TargetGroup', {
      HealthCheckPath: '/health',
      Port: 3002,
    });
    // The listener forwards the stream routes only: `/health` is the target group's checks', not public.
    const rules = Object.values(stateless.findResources('AWS::ElasticLoadBalancingV2::ListenerRule'));
    const paths = rules.flatMap((rule) =>
      (rule.Properties.Conditions as { Field: string; PathPatternConfig?: { Values: string[] } }[]).flatMap(
        (condition) => condition.PathPatternConfig?.Values ?? [],
      ),
    );
    expect(paths.sort()).toEqual(['/accounts/*/events', '/consent-requests/*/events']);
    stateless.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      PolicyType: 'StepScaling',
    });
    stateless.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'ActiveConnectionCount' });
  });

  it('is woken by the table stream filtered to event items, with a DLQ, from inside the VPC', () => {
    stateless.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { type: { S: ['event'] } } },
            }),
          },
        ],
      },
      StartingPosition: 'LATEST',
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      BisectBatchOnFunctionError: true,
    });
    const stream = Object.entries(stateless.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith('EventFanOutStreamHandler'),
    );
    expect(stream?.[1].Properties.VpcConfig).toBeDefined();
    // It may only read which tasks hold which topics.
    expect(actionsOf(stateless, 'EventFanOutStreamHandler').filter((a) => a.startsWith('dynamodb:'))).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetRecords']),
    );
    expect(actionsOf(stateless, 'EventFanOutStreamHandler')).not.toContain('dynamodb:PutItem');
  });

  it('opens the tasks’ push port to the stream handler only', () => {
    const ingress = Object.values(stateless.findResources('AWS::EC2::SecurityGroupIngress')).filter(
      (rule) => rule.Properties.FromPort === 3012,
    );
    expect(ingress).toHaveLength(1);
    expect(JSON.stringify(ingress[0]?.Properties.SourceSecurityGroupId)).toContain('StreamGroup');
  });
});

describe('the consumers table, as CDK builds it', () => {
  type Resource = { Properties: Record<string, unknown> };
  const resources = (template: Template, type: string) =>
    Object.entries(template.findResources(type) as Record<string, Resource>);
  const named = (template: Template, type: string, name: string): [string, Resource] => {
    const found = resources(template, type).filter(
      ([, resource]) => resource.Properties['QueueName'] === name,
    );
    expect(found, `${type} ${name}`).toHaveLength(1);
    return found[0] as [string, Resource];
  };
  /** The logical id of a row's function. */
  const functionOf = (row: Consumer): [string, Resource] => {
    const found = resources(stateless, 'AWS::Lambda::Function').filter(([id]) =>
      id.startsWith(`${consumerFunctionId(row)}Function`),
    );
    expect(found, row.name).toHaveLength(1);
    return found[0] as [string, Resource];
  };
  const mappingsOf = (row: Consumer) =>
    resources(stateless, 'AWS::Lambda::EventSourceMapping').filter(
      ([, mapping]) =>
        JSON.stringify(mapping.Properties['FunctionName']) === JSON.stringify({ Ref: functionOf(row)[0] }),
    );
  /** A dead-letter queue is watched: an alarm on its visible messages. */
  const expectAlarmOn = (template: Template, queueId: string) =>
    expect(
      resources(template, 'AWS::CloudWatch::Alarm').filter(
        ([, alarm]) =>
          alarm.Properties['MetricName'] === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(alarm.Properties['Dimensions']).includes(`"${queueId}"`),
      ),
      `an alarm on ${queueId}`,
    ).toHaveLength(1);
  const statements = (template: Template, prefix: string) =>
    resources(template, 'AWS::IAM::Policy')
      .filter(([id]) => id.startsWith(prefix))
      .flatMap(
        ([, policy]) =>
          (
            policy.Properties['PolicyDocument'] as {
              Statement: { Action: string | string[]; Resource: unknown }[];
            }
          ).Statement,
      );
  const allows = (template: Template, prefix: string, action: string, resourcePart: string) =>
    statements(template, prefix).some(
      (statement) =>
        [statement.Action].flat().includes(action) &&
        JSON.stringify(statement.Resource).includes(resourcePart),
    );

  it.each(queueConsumers)(
    'queue $name: its queue, redrive to an alarmed DLQ, a mapping reporting partial failures, its producers',
    (row) => {
      const names = queueNames(row);
      const [deadLetterId, deadLetter] = named(stateful, 'AWS::SQS::Queue', `test-${names.deadLetter}`);
      const [queueId, queue] = named(stateful, 'AWS::SQS::Queue', `test-${names.queue}`);
      expect(queue.Properties).toMatchObject({
        VisibilityTimeout: row.queue.visibilityTimeoutSeconds,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [deadLetterId, 'Arn'] },
          maxReceiveCount: row.queue.maxReceiveCount,
        },
      });
      // Encrypted: under SQS's own key, or the queued-content key (checked with queued message text).
      expect(queue.Properties['SqsManagedSseEnabled'] ?? queue.Properties['KmsMasterKeyId']).toBeTruthy();
      expect(queue.Properties['FifoQueue']).toBe(row.queue.fifo ? true : undefined);
      expect(deadLetter.Properties['FifoQueue']).toBe(row.queue.fifo ? true : undefined);
      expectAlarmOn(stateful, deadLetterId);

      const [, fn] = functionOf(row);
      // A message must stay hidden while the worker may still be handling it.
      expect(fn.Properties['Timeout']).toBe(row.timeoutSeconds);
      expect(row.timeoutSeconds).toBeLessThan(row.queue.visibilityTimeoutSeconds);
      const mappings = mappingsOf(row);
      expect(mappings).toHaveLength(1);
      const mapping = mappings[0]?.[1].Properties ?? {};
      expect(JSON.stringify(mapping['EventSourceArn'])).toContain(queueId);
      expect(mapping).toMatchObject({
        BatchSize: row.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const { maxBatchingWindowSeconds }: QueueConsumer = row;
      expect(mapping['MaximumBatchingWindowInSeconds']).toBe(maxBatchingWindowSeconds);

      for (const producer of gatewayFunctions) {
        const sends = allows(stateless, producer, 'sqs:SendMessage', queueId);
        expect(sends, `${producer} sends to ${row.name}`).toBe(
          (row.producers as readonly string[]).includes(producer),
        );
      }
      const { apiProducers = [] }: QueueConsumer = row;
      for (const group of functionGroups) {
        const prefix = `${group.charAt(0).toUpperCase()}${group.slice(1)}Api`;
        expect(allows(stateless, prefix, 'sqs:SendMessage', queueId), `${group} sends to ${row.name}`).toBe(
          apiProducers.includes(group),
        );
      }
      for (const [id, gateway] of resources(stateless, 'AWS::Lambda::Function').filter(([id]) =>
        gatewayFunctions.some((name) => id.startsWith(name)),
      )) {
        const variables = (gateway.Properties['Environment'] as { Variables: Record<string, unknown> })
          .Variables;
        expect(JSON.stringify(variables[queueUrlVariable(row.name)]), id).toContain(queueId);
      }
    },
  );

  it.each(streamConsumers)(
    'stream $name: a mapping of the table stream with the row’s filter, retries, an alarmed DLQ',
    (row) => {
      const mappings = mappingsOf(row);
      expect(mappings).toHaveLength(1);
      const mapping = mappings[0]?.[1].Properties ?? {};
      expect(JSON.stringify(mapping['EventSourceArn'])).toContain('StreamArn');
      expect(mapping).toMatchObject({
        BatchSize: row.batchSize,
        MaximumRetryAttempts: row.retryAttempts,
        BisectBatchOnFunctionError: true,
        FilterCriteria: { Filters: [{ Pattern: JSON.stringify(row.filter) }] },
      });
      const destination = JSON.stringify(mapping['DestinationConfig']);
      const [deadLetterId] =
        resources(stateless, 'AWS::SQS::Queue').find(([id]) => destination.includes(`"${id}"`)) ?? [];
      expect(deadLetterId).toBeDefined();
      expectAlarmOn(stateless, deadLetterId ?? '');
    },
  );

  it.each(scheduleConsumers)(
    'schedule $name: a target of fixed name the Scheduler role may invoke, scheduled only by its rows',
    (row) => {
      const [, fn] = functionOf(row);
      expect(fn.Properties['FunctionName']).toBe(targetFunctionName('test', row.name));
      expect(
        allows(
          stateless,
          'SchedulerRole',
          'lambda:InvokeFunction',
          `:function:${targetFunctionName('test', row.name)}`,
        ),
      ).toBe(true);
      for (const other of consumers) {
        const { schedules = [] }: Consumer = other;
        const may = schedules.includes(row.name);
        expect(
          allows(stateless, consumerFunctionId(other), 'scheduler:CreateSchedule', `/${row.name}-*`),
          other.name,
        ).toBe(may);
        const variables = (
          functionOf(other)[1].Properties['Environment'] as { Variables: Record<string, unknown> }
        ).Variables;
        expect(variables[targetArnVariable(row.name)] !== undefined, other.name).toBe(may);
        if (may) expect(actionsOf(stateless, consumerFunctionId(other))).toContain('iam:PassRole');
      }
    },
  );

  it.each(scheduleConsumers.filter((row) => (row as ScheduleConsumer).every !== undefined))(
    'recurring schedule $name: its rate schedule in the schedules group, run by the Scheduler role, failures to the DLQ',
    (row) => {
      const { every }: ScheduleConsumer = row;
      const [fnId] = functionOf(row);
      const schedules = resources(stateless, 'AWS::Scheduler::Schedule').filter(([, one]) =>
        JSON.stringify(one.Properties['Target']).includes(`"${fnId}"`),
      );
      expect(schedules).toHaveLength(1);
      const [, schedule] = schedules[0] ?? [];
      const minutes = every?.minutes ?? 0;
      expect(schedule?.Properties).toMatchObject({
        ScheduleExpression: `rate(${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`,
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Input: '{}' },
      });
      const target = JSON.stringify(schedule?.Properties['Target']);
      expect(target).toContain('SchedulerRole');
      expect(target).toContain('ScheduleDeadLetter');
    },
  );

  it('has one schedules group and one alarmed schedules DLQ the Scheduler role reports to, and a target for every schedule row', () => {
    stateless.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    const [deadLetterId] =
      resources(stateless, 'AWS::SQS::Queue').find(([id]) =>
        allows(stateless, 'SchedulerRole', 'sqs:SendMessage', `"${id}"`),
      ) ?? [];
    expect(deadLetterId).toBeDefined();
    expectAlarmOn(stateless, deadLetterId ?? '');
    expect(scheduleConsumers.map((row) => row.name).sort()).toEqual(Object.keys(scheduleTargets).sort());
  });

  it('builds nothing asynchronous that is not a row: mappings, queues, schedule targets', () => {
    const consumerFunctions = new Set(consumers.map((row) => functionOf(row)[0]));
    const mappings = resources(stateless, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(queueConsumers.length + streamConsumers.length);
    for (const [, mapping] of mappings) {
      expect(consumerFunctions.has((mapping.Properties['FunctionName'] as { Ref: string }).Ref)).toBe(true);
    }
    // Each queue row's queue and DLQ; each stream row's DLQ and the schedules' DLQ.
    stateful.resourceCountIs('AWS::SQS::Queue', 2 * queueConsumers.length);
    stateless.resourceCountIs(
      'AWS::SQS::Queue',
      streamConsumers.length + (scheduleConsumers.length > 0 ? 1 : 0),
    );
    const fixedNames = resources(stateless, 'AWS::Lambda::Function')
      .map(([, fn]) => fn.Properties['FunctionName'])
      .filter((name) => name !== undefined);
    expect(fixedNames.sort()).toEqual(
      scheduleConsumers.map((row) => targetFunctionName('test', row.name)).sort(),
    );
  });
});

describe('the relay’s client address', () => {
  it('comes from the entry its load balancer appends to X-Forwarded-For', () => {
    stateless.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', {
      LoadBalancerAttributes: Match.arrayWith([
        { Key: 'routing.http.xff_header_processing.mode', Value: 'append' },
      ]),
    });
  });
});

describe('the consent page on CloudFront', () => {
  const only = (type: string) => {
    const found = Object.values(stateless.findResources(type));
    expect(found).toHaveLength(1);
    return found[0] as { Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- template reads
  };
  const distribution = () =>
    Object.entries(stateless.findResources('AWS::CloudFront::Distribution')).find(([id]) =>
      id.startsWith('ConsentPage'),
    )?.[1].Properties['DistributionConfig'];

  it('keeps the build in a private, TLS-only bucket with access logs, read by CloudFront through OAC', () => {
    stateless.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: { LogFilePrefix: 's3/', DestinationBucketName: Match.anyValue() },
    });
    stateless.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' } }),
        ]),
      },
    });
    expect(
      only('AWS::CloudFront::OriginAccessControl').Properties['OriginAccessControlConfig'],
    ).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
    });
    // The links' host (consentPageBaseUrl) with its certificate, TLS 1.2 at least.
    expect(distribution().Aliases).toEqual(['consent.example.com']);
    expect(distribution().ViewerCertificate).toMatchObject({
      AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/page',
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
    expect(distribution().DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    stateless.resourceCountIs('Custom::CDKBucketDeployment', 1);
  });

  it("routes the person's stream to the relay and their other routes to the API, same origin, never cached", () => {
    const behaviours = distribution().CacheBehaviors as {
      PathPattern: string;
      TargetOriginId: string;
      ViewerProtocolPolicy: string;
    }[];
    expect(behaviours.map((behaviour) => behaviour.PathPattern)).toEqual([
      '/consent-requests/*/events',
      '/consent-requests/*',
    ]);
    const origins = distribution().Origins as {
      Id: string;
      DomainName: unknown;
      OriginCustomHeaders?: { HeaderName: string }[];
    }[];
    const originOf = (pattern: string) =>
      origins.find(
        (origin) => origin.Id === behaviours.find((b) => b.PathPattern === pattern)?.TargetOriginId,
      );
    expect(originOf('/consent-requests/*/events')?.DomainName).toBe('relay.example.com');
    expect(JSON.stringify(originOf('/consent-requests/*')?.DomainName)).toContain('execute-api');
    for (const pattern of ['/consent-requests/*/events', '/consent-requests/*']) {
      expect(originOf(pattern)?.OriginCustomHeaders?.map((header) => header.HeaderName)).toEqual([
        'x-origin-verify',
      ]);
      expect(behaviours.find((b) => b.PathPattern === pattern)?.ViewerProtocolPolicy).toBe('https-only');
    }
    stateless.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: {
        HeadersConfig: { Headers: Match.arrayWith(['CloudFront-Viewer-Address']) },
      },
    });
    stateless.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ CLOUDFRONT_ORIGIN_HEADER: 'x-origin-verify' }) },
    });
  });

  it('sends the security headers on every answer', () => {
    const policy = only('AWS::CloudFront::ResponseHeadersPolicy').Properties['ResponseHeadersPolicyConfig'];
    const csp = policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy as string;
    for (const directive of [
      "default-src 'self'",
      'media-src blob:',
      "img-src 'self' blob: data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp.split('; ')).toContain(directive);
    expect(policy.SecurityHeadersConfig).toMatchObject({
      ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 63_072_000,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
    });
    const behaviours = [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors] as {
      ResponseHeadersPolicyId: unknown;
    }[];
    expect(
      new Set(behaviours.map((behaviour) => JSON.stringify(behaviour.ResponseHeadersPolicyId))).size,
    ).toBe(1);
  });
});

describe('the service secrets, one per kind', () => {
  const secretIds = {
    signingKey: 'SigningKeySecret',
    hashKey: 'HashKeySecret',
    providerTokens: 'ProviderTokensSecret',
    originSecret: 'OriginSecret',
  } as const satisfies Record<ServiceSecretName, string>;
  /** The logical ids of the policies that grant reading a secret (by its export's name). */
  const readersOf = (name: ServiceSecretName): string[] =>
    Object.entries(stateless.findResources('AWS::IAM::Policy'))
      .filter(([, policy]) =>
        (policy.Properties.PolicyDocument.Statement as Statement[]).some(
          (statement) =>
            [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
            JSON.stringify(statement.Resource).includes(secretIds[name]),
        ),
      )
      .map(([id]) => id);
  const functionsOf = (name: ServiceSecretName): string[] =>
    readersOf(name)
      .filter((id) => id.includes('ServiceRole'))
      .map((id) => id.replace(/ServiceRole.*$/, ''))
      .sort();
  const variablesOf = (prefix: string): Record<string, unknown> =>
    Object.entries(stateless.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith(prefix),
    )?.[1].Properties.Environment.Variables ?? {};

  it('are four secrets under the secrets key', () => {
    for (const id of Object.values(secretIds)) {
      expect(
        Object.keys(stateful.findResources('AWS::SecretsManager::Secret')).some((one) => one.startsWith(id)),
        id,
      ).toBe(true);
    }
  });

  it('let only the group that issues access tokens read the signing key; the others verify with the public keys', () => {
    expect(functionsOf('signingKey')).toEqual(['AuthApi']);
    for (const group of [
      'AdminApi',
      'EvidenceApi',
      'AlertsApi',
      'NotificationsApi',
      'AccountsApi',
      'SupplyApi',
      'HealthApi',
    ]) {
      expect(variablesOf(group)['SIGNING_KEY_SECRET_ARN'], group).toBeUndefined();
      expect(variablesOf(group)['JWT_PUBLIC_JWKS'], group).toBe(testStageSettings.jwtPublicJwks);
    }
  });

  it('grant each group and each worker exactly the secrets its row names, and name only those to it', () => {
    const rows = [
      ...functionGroups.map((group) => ({ id: `${pascal(group)}Api`, secrets: groupAccess[group].secrets })),
      ...consumers.map((row) => ({ id: consumerFunctionId(row), secrets: row.secrets })),
    ];
    for (const name of serviceSecretNames) {
      const listed = rows
        .filter((row) => (row.secrets as readonly string[]).includes(name))
        .map((row) => row.id);
      expect(functionsOf(name), name).toEqual([...listed].sort());
      for (const row of rows) {
        expect(variablesOf(row.id)[secretArnVariables[name]] !== undefined, `${row.id} ${name}`).toBe(
          listed.includes(row.id),
        );
      }
    }
    // No worker issues access tokens.
    expect(consumers.filter((row) => (row.secrets as readonly string[]).includes('signingKey'))).toEqual([]);
  });

  it('refuse a private key given as a verification key: the template would publish it', () => {
    const jwtPublicJwks = JSON.stringify({
      keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'private' }],
    });
    expect(() => testStacks({ ...testStageSettings, jwtPublicJwks })).toThrow(/public keys only/);
  });

  it('give the relay the hash key and the origin secret only', () => {
    const relay = (name: ServiceSecretName) => readersOf(name).filter((id) => id.startsWith('Relay'));
    expect(relay('hashKey')).not.toEqual([]);
    expect(relay('originSecret')).not.toEqual([]);
    expect(relay('signingKey')).toEqual([]);
    expect(relay('providerTokens')).toEqual([]);
  });
});
