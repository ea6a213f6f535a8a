import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ApiFunction } from '../constructs/api-function';
import { bundledAssets } from '../constructs/bundling';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import {
  fallbackRoute,
  functionGroups,
  gatewayRoutes,
  handlerEntry,
  routes,
  type FunctionGroup,
} from '../routes';
import { Queue } from 'aws-cdk-lib/aws-sqs';

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
          // Every group but health verifies or issues tokens and keys hashes.
          readsSecrets: group !== 'health',
          ...(group === 'evidence'
            ? {
                assets: [bundledAssets.webpWasm],
                // Decoding and checking images and audio wants memory and time.
                memorySize: 1024,
                timeout: Duration.seconds(30),
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
  }
}
