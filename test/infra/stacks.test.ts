import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionGroups, gatewayRoutes, routeKey, routes } from '../../infra/routes';
import { buildStacks } from '../../infra/stage';
import { parseCapabilities, parseConfig, type Capability } from '../../shared/config/config';

const gatewayFunctionCount = new Set(gatewayRoutes.map((route) => route.name)).size;
const workerCount = 3;
/** The table-stream handler that wakes the relay. */
const streamCount = 1;
let stateful: Template;
let stateless: Template;

beforeAll(() => {
  // No bundling and no CloudFormation validation here: the CI synth does both once.
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  const stacks = buildStacks(app, {
    stage: 'test',
    mailFrom: 'no-reply@example.com',
    consentPageBaseUrl: 'https://consent.example.com',
    relationshipRegistryUrl: 'https://registry.example.com',
    whatsappPhoneNumberId: '123',
    sessionProviderUrl: 'https://sessions.example.com',
    relayCertificateArn: 'arn:aws:acm:sa-east-1:123456789012:certificate/test',
  });
  stateful = Template.fromStack(stacks.stateful);
  stateless = Template.fromStack(stacks.stateless);
});

type Statement = { Action: string | string[]; Effect: string };
const actionsOf = (template: Template, functionLogicalPrefix: string): string[] => {
  const policies = template.findResources('AWS::IAM::Policy');
  return Object.entries(policies)
    .filter(([id]) => id.startsWith(functionLogicalPrefix))
    .flatMap(([, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[]).flatMap((s) => [s.Action].flat()),
    );
};

describe('the stateful stack', () => {
  it('defines the single table: PK/SK, GSI1, stream with both images, TTL, PITR, customer key, deletion protection', () => {
    stateful.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'GSI1' })],
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
      SqsManagedSseEnabled: true,
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

describe('the stateless stack', () => {
  it('has one Node 24 arm64 function per group, each with its own log group kept a month', () => {
    const functions = stateless.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs24.x', Architectures: ['arm64'] },
    });
    expect(Object.keys(functions)).toHaveLength(
      functionGroups.length + gatewayFunctionCount + workerCount + streamCount,
    );
    // Each function's log group, and the relay's.
    stateless.resourceCountIs(
      'AWS::Logs::LogGroup',
      functionGroups.length + gatewayFunctionCount + workerCount + streamCount + 1,
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

  it('grants least privilege: health reads one item and the table description; only auth sends mail', () => {
    const health = actionsOf(stateless, 'HealthApi');
    expect(health).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:DescribeTable']));
    expect(health.filter((action) => action.startsWith('dynamodb:'))).toHaveLength(2);
    expect(health).not.toContain('secretsmanager:GetSecretValue');
    expect(actionsOf(stateless, 'AuthApi')).toContain('ses:SendEmail');
    for (const group of ['AccountsApi', 'SeatsApi', 'ConsentApi']) {
      const actions = actionsOf(stateless, group);
      expect(actions).toContain('secretsmanager:GetSecretValue');
      // A transaction is authorised by the actions of its parts.
      expect(actions).toEqual(
        expect.arrayContaining([
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:ConditionCheckItem',
          'dynamodb:Query',
        ]),
      );
      expect(actions).not.toContain('ses:SendEmail');
      expect(actions).not.toContain('dynamodb:DeleteTable');
    }
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

  it('gives the gateway its own HTTP API, whose function may only enqueue and read its keys', () => {
    stateless.resourceCountIs('AWS::ApiGatewayV2::Api', 2);
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'POST /webhooks/session-provider',
    });
    const gateway = actionsOf(stateless, 'SessionProviderWebhook');
    expect(gateway).toEqual(expect.arrayContaining(['sqs:SendMessage', 'secretsmanager:GetSecretValue']));
    expect(gateway.filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
  });

  it('reads secrets through the Parameters and Secrets extension layer, health excepted', () => {
    const functions = Object.entries(stateless.findResources('AWS::Lambda::Function'));
    const withLayer = functions.filter(([, fn]) =>
      JSON.stringify(fn.Properties.Layers ?? []).includes('AWS-Parameters-and-Secrets-Lambda-Extension'),
    );
    expect(withLayer.map(([id]) => id.replace(/(Api)?Function.*/, '')).sort()).toEqual([
      'Accounts',
      'Alerts',
      'Auth',
      'BusinessEventsWorker',
      'BusinessProviderWebhook',
      'Consent',
      'Evidence',
      'Pairing',
      'ReconnectWorker',
      'RelayStreamHandler',
      'Seats',
      'SessionEventsWorker',
      'SessionProviderWebhook',
    ]);
  });

  it('gives each function the variables of every capability its code checks as it starts', () => {
    const api: Capability[] = ['relationshipRegistry', 'messenger'];
    const workers: Capability[] = ['sessionProvider', 'reconnectScheduler', 'notifications'];
    // What each function's modules pass to `configFor` (functions/**): its cold start fails without them.
    const wired: Record<string, Capability[]> = {
      AuthApi: [...api, 'mail'],
      AccountsApi: api,
      SeatsApi: [...api, 'seatKeys'],
      ConsentApi: [...api, 'sessionProvider'],
      EvidenceApi: [...api, 'evidenceStore'],
      PairingApi: [...api, 'sessionProvider'],
      AlertsApi: api,
      HealthApi: api,
      SessionProviderWebhook: ['sessionEventsQueue'],
      BusinessProviderWebhook: ['businessEventsQueue'],
      GatewayHealth: ['sessionEventsQueue', 'businessEventsQueue'],
      RelayStreamHandler: [],
      SessionEventsWorker: workers,
      BusinessEventsWorker: workers,
      ReconnectWorker: workers,
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
        SECRETS_ARN: expect.anything(),
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
    // The relay's container gets the keyed-hash key only as a reference into the service secret.
    stateless.hasResourceProperties('AWS::ECS::TaskDefinition', {
      ContainerDefinitions: [
        Match.objectLike({
          Secrets: [{ Name: 'HASH_KEY', ValueFrom: Match.objectLike({ 'Fn::Join': Match.anyValue() }) }],
        }),
      ],
    });
  });
});

describe('the workers', () => {
  it('consume both queues through event source mappings that report partial batch failures', () => {
    const mappings = Object.values(stateless.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('Queue'),
    );
    expect(mappings).toHaveLength(2);
    for (const mapping of mappings) {
      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(mapping.Properties.BatchSize).toBe(10);
    }
  });

  it('schedule reconnects in their own group, run by a role only EventBridge Scheduler assumes, with a DLQ', () => {
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
    const schedulerRole = actionsOf(stateless, 'ReconnectSchedulerRole');
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

  it('alarms on every dead-letter queue: the two queues’ and the reconnect schedules’', () => {
    stateful.resourceCountIs('AWS::CloudWatch::Alarm', 2);
    // The reconnect schedules' and the table stream's (beside the relay's scaling alarms).
    expect(
      Object.keys(
        stateless.findResources('AWS::CloudWatch::Alarm', {
          Properties: { MetricName: 'ApproximateNumberOfMessagesVisible' },
        }),
      ),
    ).toHaveLength(2);
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

  it('keeps the gateway away from the table, and the inbox routes within the inbox partition', () => {
    for (const gateway of ['SessionProviderWebhook', 'BusinessProviderWebhook'])
      expect(actionsOf(stateless, gateway).filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
    const alerts = Object.entries(stateless.findResources('AWS::IAM::Policy'))
      .filter(([id]) => id.startsWith('AlertsApi'))
      .flatMap(
        ([, policy]) =>
          policy.Properties.PolicyDocument.Statement as { Condition?: unknown; Action: unknown }[],
      )
      .filter((statement) => JSON.stringify(statement.Action).includes('dynamodb:'));
    expect(alerts).toEqual([
      expect.objectContaining({
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['INBOX#*'] } },
      }),
    ]);
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
      id.startsWith('RelayStreamHandler'),
    );
    expect(stream?.[1].Properties.VpcConfig).toBeDefined();
    // It may only read which tasks hold which topics.
    expect(actionsOf(stateless, 'RelayStreamHandler').filter((a) => a.startsWith('dynamodb:'))).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetRecords']),
    );
    expect(actionsOf(stateless, 'RelayStreamHandler')).not.toContain('dynamodb:PutItem');
  });

  it('opens the tasks’ push port to the stream handler only', () => {
    const ingress = Object.values(stateless.findResources('AWS::EC2::SecurityGroupIngress')).filter(
      (rule) => rule.Properties.FromPort === 3012,
    );
    expect(ingress).toHaveLength(1);
    expect(JSON.stringify(ingress[0]?.Properties.SourceSecurityGroupId)).toContain('StreamGroup');
  });
});
