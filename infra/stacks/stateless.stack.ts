import { ArnFormat, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ApiFunction } from '../constructs/api-function';
import { RelayService } from '../constructs/relay-service';
import { GatewayVpcEndpointAwsService, Vpc } from 'aws-cdk-lib/aws-ec2';
import { deadLetterAlarm } from '../constructs/dead-letter-alarm';
import { bundledAssets, chunks } from '../constructs/bundling';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import {
  fallbackRoute,
  functionGroups,
  gatewayRoutes,
  handlerEntry,
  routes,
  type FunctionGroup,
} from '../routes';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';

export interface StatelessStackProps extends StackProps {
  stage: string;
  table: ITableV2;
  dataKeyArn: string;
  serviceSecretsArn: string;
  evidenceBucketName: string;
  sessionEventsQueueArn: string;
  businessEventsQueueArn: string;
  gatewaySecretsArn: string;
  mailFrom: string;
  consentPageBaseUrl: string;
  relationshipRegistryUrl: string;
  whatsappPhoneNumberId: string;
  sessionProviderUrl: string;
  relayCertificateArn: string;
}

const pascal = (group: string): string => group.charAt(0).toUpperCase() + group.slice(1);

/**
 * Code that can be redeployed at will: one function per resource group, wired to the HTTP API by
 * the route table, each granted only what its routes need.
 */
export class StatelessStack extends Stack {
  readonly api: HttpApi;
  readonly functions: Record<FunctionGroup, NodejsFunction>;
  readonly gateway: HttpApi;
  readonly gatewayFunctions: Record<string, NodejsFunction>;
  readonly relay: RelayService;
  readonly workers: Record<'sessionEvents' | 'businessEvents' | 'reconnect', NodejsFunction>;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    // Referenced by ARN: grants then land in this stack's role policies, not in the key's policy,
    // so the stateful stack never depends on this one.
    const dataKey = Key.fromKeyArn(this, 'DataKey', props.dataKeyArn);
    const table = TableV2.fromTableAttributes(this, 'Table', {
      tableArn: props.table.tableArn,
      tableStreamArn: props.table.tableStreamArn,
      encryptionKey: dataKey,
    });
    const serviceSecrets = Secret.fromSecretAttributes(this, 'ServiceSecrets', {
      secretCompleteArn: props.serviceSecretsArn,
      encryptionKey: dataKey,
    });
    const environment = {
      STAGE: props.stage,
      TABLE_NAME: table.tableName,
      SECRETS_ARN: serviceSecrets.secretArn,
      MAIL_DELIVERY: 'ses',
      CONSENT_PAGE_BASE_URL: props.consentPageBaseUrl,
      RELATIONSHIP_REGISTRY: 'http',
      RELATIONSHIP_REGISTRY_URL: props.relationshipRegistryUrl,
      WHATSAPP_PHONE_NUMBER_ID: props.whatsappPhoneNumberId,
      SEAT_KEYS: 'kms',
      SEAT_KEYS_KMS_KEY_ID: props.dataKeyArn,
      MAIL_FROM: props.mailFrom,
      POWERTOOLS_SERVICE_NAME: 'family-protection',
    };

    const functions = Object.fromEntries(
      functionGroups.map((group) => [
        group,
        new ApiFunction(this, `${pascal(group)}Api`, {
          entry: handlerEntry(group),
          environment,
          chunks: chunks[group] ?? [],
          // Every group but health verifies or issues tokens and keys hashes.
          readsSecrets: group !== 'health',
          ...(group === 'evidence'
            ? {
                assets: [bundledAssets.webpWasm],
                // Decoding and checking images and audio wants memory and time.
                memorySize: 1024,
                timeout: Duration.seconds(30),
                // A public route that decodes images and audio: at most 20 uploads at once, so a
                // flood of them costs a bounded amount and never takes the account's concurrency
                // from the other functions (the per-link and per-IP limits bound each sender).
                reservedConcurrentExecutions: 20,
                environment: {
                  ...environment,
                  EVIDENCE_VERIFIER: 'aws',
                  EVIDENCE_STORE: 's3',
                  EVIDENCE_BUCKET: props.evidenceBucketName,
                  EVIDENCE_KMS_KEY_ID: props.dataKeyArn,
                  WEBP_WASM_PATH: `/var/task/${bundledAssets.webpWasm.to}`,
                },
              }
            : {}),
        }).function,
      ]),
    ) as Record<FunctionGroup, NodejsFunction>;
    this.functions = functions;

    // Least privilege: the health check only reads one item and the table's description.
    functions.health.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:DescribeTable'],
        resources: [table.tableArn],
      }),
    );
    table.encryptionKey?.grantDecrypt(functions.health);
    for (const group of ['auth', 'accounts', 'seats', 'consent', 'evidence', 'pairing'] as const) {
      table.grantReadWriteData(functions[group]);
      serviceSecrets.grantRead(functions[group]);
    }
    // Notifications: a guardian's inbox partition only (`INBOX#<user>`), nothing else of the table.
    serviceSecrets.grantRead(functions.alerts);
    table.encryptionKey?.grantDecrypt(functions.alerts);
    functions.alerts.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['INBOX#*'] } },
      }),
    );
    // The person's evidence: faces counted, the phrase heard, the files kept (write only).
    functions.evidence.addToRolePolicy(
      new PolicyStatement({ actions: ['rekognition:DetectFaces'], resources: ['*'] }),
    );
    functions.evidence.addToRolePolicy(
      new PolicyStatement({ actions: ['transcribe:StartStreamTranscription'], resources: ['*'] }),
    );
    const evidenceBucket = Bucket.fromBucketName(this, 'EvidenceBucket', props.evidenceBucketName);
    functions.evidence.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [evidenceBucket.arnForObjects('evidence/*')],
      }),
    );
    functions.evidence.addToRolePolicy(
      new PolicyStatement({ actions: ['kms:GenerateDataKey'], resources: [props.dataKeyArn] }),
    );

    // Seat data keys: made at activation (seats) and opened where content is read (later issues).
    functions.seats.addToRolePolicy(
      new PolicyStatement({
        actions: ['kms:GenerateDataKey'],
        resources: [props.dataKeyArn],
        conditions: { 'ForAnyValue:StringEquals': { 'kms:EncryptionContextKeys': ['seatId'] } },
      }),
    );
    functions.auth.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: ['*'],
        conditions: { StringEquals: { 'ses:FromAddress': props.mailFrom } },
      }),
    );

    const integrations = Object.fromEntries(
      functionGroups.map((group) => [
        group,
        new HttpLambdaIntegration(`${pascal(group)}Integration`, functions[group]),
      ]),
    ) as Record<FunctionGroup, HttpLambdaIntegration>;

    this.api = new HttpApi(this, 'Api', {
      description: `family-protection ${props.stage} API`,
      // Unmatched requests reach a function that answers 404 in the envelope, not API Gateway's own body.
      defaultIntegration: integrations[fallbackRoute.group],
    });
    for (const route of routes) {
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations[route.group],
      });
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });

    // The gateway: its own HTTP API; each webhook function verifies, enqueues and answers. It is
    // granted the queue and its keys, and nothing of the table.
    const sessionEvents = Queue.fromQueueArn(this, 'SessionEvents', props.sessionEventsQueueArn);
    const gatewaySecrets = Secret.fromSecretAttributes(this, 'GatewaySecrets', {
      secretCompleteArn: props.gatewaySecretsArn,
      encryptionKey: dataKey,
    });
    this.gateway = new HttpApi(this, 'Gateway', { description: `family-protection ${props.stage} webhooks` });
    const businessEvents = Queue.fromQueueArn(this, 'BusinessEvents', props.businessEventsQueueArn);
    this.gatewayFunctions = {};
    for (const route of gatewayRoutes) {
      const fn =
        this.gatewayFunctions[route.name] ??
        new ApiFunction(this, route.name, {
          entry: route.entry,
          readsSecrets: route.name !== 'GatewayHealth',
          environment: {
            STAGE: props.stage,
            // The shared configuration needs a table name; the gateway never uses it (and has no grant).
            TABLE_NAME: 'none',
            SESSION_EVENTS_QUEUE_URL: sessionEvents.queueUrl,
            BUSINESS_EVENTS_QUEUE_URL: businessEvents.queueUrl,
            GATEWAY_SECRETS_ARN: gatewaySecrets.secretArn,
          },
        }).function;
      if (this.gatewayFunctions[route.name] === undefined) {
        if (route.name === 'GatewayHealth') {
          // Health reads the queues' attributes and nothing else.
          for (const queue of [sessionEvents, businessEvents]) {
            fn.addToRolePolicy(
              new PolicyStatement({ actions: ['sqs:GetQueueAttributes'], resources: [queue.queueArn] }),
            );
          }
        } else {
          (route.name === 'SessionProviderWebhook' ? sessionEvents : businessEvents).grantSendMessages(fn);
          gatewaySecrets.grantRead(fn);
        }
        this.gatewayFunctions[route.name] = fn;
      }
      this.gateway.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.name}${route.method}Integration`, fn),
      });
    }
    new CfnOutput(this, 'GatewayUrl', { value: this.gateway.apiEndpoint });

    // The SSE relay and the table stream that wakes it, in their own VPC.
    const vpc = new Vpc(this, 'Vpc', { maxAzs: 2, natGateways: 1 });
    vpc.addGatewayEndpoint('DynamoDb', { service: GatewayVpcEndpointAwsService.DYNAMODB });
    this.relay = new RelayService(this, 'Relay', {
      stage: props.stage,
      vpc,
      table,
      serviceSecrets,
      certificateArn: props.relayCertificateArn,
      pingSeconds: 5,
    });
    new CfnOutput(this, 'RelayUrl', { value: `https://${this.relay.loadBalancer.loadBalancerDnsName}` });

    this.workers = this.buildWorkers(props, {
      table,
      serviceSecrets,
      gatewaySecrets,
      sessionEvents,
      businessEvents,
    });
    // Who creates sessions (the pairing routes) and who ends them (the person's stop) talk to the
    // provider; the sessions' webhook key is the gateway's.
    for (const fn of [functions.pairing, functions.consent]) {
      fn.addEnvironment('SESSION_PROVIDER_URL', props.sessionProviderUrl);
      fn.addEnvironment(
        'SESSION_PROVIDER_WEBHOOK_URL',
        `${this.gateway.apiEndpoint}/webhooks/session-provider`,
      );
      fn.addEnvironment('GATEWAY_SECRETS_ARN', gatewaySecrets.secretArn);
      gatewaySecrets.grantRead(fn);
    }
  }

  /**
   * The workers: the session-event consumer (FIFO, partial batch failures), the business-event
   * consumer, and the reconnect target of one-time EventBridge schedules, each with what it needs.
   */
  private buildWorkers(
    props: StatelessStackProps,
    refs: {
      table: ITableV2;
      serviceSecrets: ISecret;
      gatewaySecrets: ISecret;
      sessionEvents: IQueue;
      businessEvents: IQueue;
    },
  ): StatelessStack['workers'] {
    const reconnectName = `family-protection-${props.stage}-reconnect`;
    const reconnectArn = this.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: reconnectName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const scheduleGroup = new CfnScheduleGroup(this, 'ReconnectSchedules', {
      name: `family-protection-${props.stage}-reconnects`,
    });
    const schedulerDeadLetter = new Queue(this, 'ReconnectDeadLetter', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    deadLetterAlarm(this, 'ReconnectDeadLetterAlarm', schedulerDeadLetter);
    // The role EventBridge Scheduler assumes to run an attempt: invoke the reconnect worker, report to the DLQ.
    const schedulerRole = new Role(this, 'ReconnectSchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    });
    schedulerRole.addToPolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [reconnectArn] }),
    );
    schedulerDeadLetter.grantSendMessages(schedulerRole);
    const notifications = new Topic(this, 'GuardianPush', { enforceSSL: true });

    const environment = {
      STAGE: props.stage,
      TABLE_NAME: refs.table.tableName,
      SECRETS_ARN: refs.serviceSecrets.secretArn,
      GATEWAY_SECRETS_ARN: refs.gatewaySecrets.secretArn,
      SESSION_PROVIDER_URL: props.sessionProviderUrl,
      SESSION_PROVIDER_WEBHOOK_URL: `${this.gateway.apiEndpoint}/webhooks/session-provider`,
      RECONNECT_SCHEDULER: 'eventbridge',
      SCHEDULER_GROUP_NAME: scheduleGroup.ref,
      RECONNECT_TARGET_ARN: reconnectArn,
      SCHEDULER_ROLE_ARN: schedulerRole.roleArn,
      SCHEDULER_DLQ_ARN: schedulerDeadLetter.queueArn,
      NOTIFY_DELIVERY: 'aws',
      NOTIFICATIONS_TOPIC_ARN: notifications.topicArn,
      MAIL_FROM: props.mailFrom,
      POWERTOOLS_SERVICE_NAME: 'family-protection-workers',
    };
    const worker = (id: string, entry: string, extra: { functionName?: string } = {}) =>
      new ApiFunction(this, id, {
        entry,
        environment,
        readsSecrets: true,
        timeout: Duration.seconds(30),
        ...extra,
      });
    const sessionEvents = worker('SessionEventsWorker', 'functions/workers/session-events/handler.ts');
    const businessEvents = worker('BusinessEventsWorker', 'functions/workers/business-events/handler.ts');
    const reconnect = worker('ReconnectWorker', 'functions/workers/reconnect/handler.ts', {
      functionName: reconnectName,
    });

    sessionEvents.function.addEventSource(
      new SqsEventSource(refs.sessionEvents, { batchSize: 10, reportBatchItemFailures: true }),
    );
    businessEvents.function.addEventSource(
      new SqsEventSource(refs.businessEvents, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(1),
        reportBatchItemFailures: true,
      }),
    );
    // A log metric: events of sessions no pairing owns (dropped by the worker).
    new MetricFilter(this, 'UnknownSessionEvents', {
      logGroup: sessionEvents.logGroup,
      metricNamespace: 'FamilyProtection',
      metricName: 'UnknownSessionEvents',
      filterPattern: FilterPattern.stringValue('$.outcome', '=', 'unknown_session'),
      metricValue: '1',
    });

    for (const fn of [sessionEvents.function, reconnect.function]) {
      refs.table.grantReadWriteData(fn);
      refs.serviceSecrets.grantRead(fn);
      refs.gatewaySecrets.grantRead(fn);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
          resources: [
            this.formatArn({
              service: 'scheduler',
              resource: 'schedule',
              resourceName: `${scheduleGroup.ref}/*`,
            }),
          ],
        }),
      );
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [schedulerRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
      notifications.grantPublish(fn);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: ['*'],
          conditions: { StringEquals: { 'ses:FromAddress': props.mailFrom } },
        }),
      );
    }
    // The business worker only logs receipts: its queue, nothing else.
    refs.serviceSecrets.grantRead(businessEvents.function);
    return {
      sessionEvents: sessionEvents.function,
      businessEvents: businessEvents.function,
      reconnect: reconnect.function,
    };
  }
}
