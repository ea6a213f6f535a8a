import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ApiFunction } from '../constructs/api-function';
import { Operations, queueDepth } from '../constructs/operations';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { RelayService } from '../constructs/relay-service';
import { grantSeatKeysTable, grantTableAccess } from '../constructs/table-access';
import { grantDataKeys } from '../constructs/data-keys';
import { seatKeysTableActions } from '../table-grants';
import { ignoreLintOnCdkProviders } from '../template-lint';
import { ConsentPage } from '../constructs/consent-page';
import { ApiDistribution } from '../constructs/api-distribution';
import {
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import {
  buildConsumers,
  eventBodiesEnvironment,
  grantPush,
  grantQueueSend,
  grantSendMail,
  pushEndpointsOf,
  type PushApplications,
} from '../constructs/consumers';
import { queuedBodyPrefix } from '../../shared/adapters/sqs/queued-body';
import type { ServiceSecretName } from '../../shared/adapters/crypto/service-secrets';
import { grantSecretRead, grantServiceSecrets, importServiceSecrets } from '../constructs/service-secrets';
import { bundledAssets } from '../constructs/bundling';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import {
  authorizationInFunction,
  gatewayAuthorization,
  gatewayThrottle,
  groupAccess,
  type GroupAccess,
} from '../group-access';
import {
  fallbackRoute,
  functionGroups,
  gatewayRoutes,
  handlerEntry,
  routes,
  type FunctionGroup,
} from '../routes';
import { routeKey } from '../../shared/http/route-match';
import { Queue, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { acknowledge, acknowledgeWildcards } from '../nag';
import {
  pascal,
  queueConsumers,
  queueNames,
  queueUrlVariable,
  type ConsumerName,
  type Need,
  type QueueConsumer,
  type QueueName,
} from '../consumers';
import { logBucket } from '../constructs/log-bucket';

const reservedConcurrency = (access: GroupAccess) =>
  access.reservedConcurrency === undefined
    ? {}
    : { reservedConcurrentExecutions: access.reservedConcurrency };

export interface StatelessStackProps extends StackProps {
  stage: string;
  table: ITableV2;
  dataKeyArn: string;
  /** The key seat data keys are wrapped under, apart from the table's. */
  seatKeyArn: string;
  /** The key guardians' push tokens are wrapped under, apart from the seat key. */
  deviceKeyArn: string;
  /** The seats' wrapped data keys' table and the key it is encrypted with (no backups: docs/security.md). */
  seatKeysTable: { tableArn: string; keyArn: string };
  /** The key of the service's and the gateway's secrets. */
  secretsKeyArn: string;
  /** The key of the evidence bucket's objects. */
  evidenceKeyArn: string;
  /** The service's secrets by name (signing key, hash key, providers' tokens, origin secret). */
  serviceSecretArns: Record<ServiceSecretName, string>;
  /** `JWT_PUBLIC_JWKS`: the access tokens' verification keys, public (unset: none is accepted). */
  jwtPublicJwks?: string;
  evidenceBucketName: string;
  /** Where the gateway keeps a body too large for a queue message (infra/consumers.ts, `eventBodies`). */
  eventBodiesBucketName: string;
  /** The queue rows' queues (infra/consumers.ts), built in the stateful stack. */
  queueArns: Record<QueueName, string>;
  /** The key of the queues that carry message text (infra/consumers.ts, `carriesMessageText`). */
  queuedContentKeyArn: string;
  /** The session provider's webhook key. */
  gatewaySecretsArn: string;
  /** Meta's app secret and verify token: readable by the business webhook only. */
  businessWebhookSecretsArn: string;
  /** The proxy suppliers' keys: readable by the supply group only. */
  supplierSecretsArn: string;
  /** `PROXY_SUPPLIERS_JSON` of the supply group. */
  proxySuppliersJson: string;
  mailFrom: string;
  /** The SNS platform applications (APNs, FCM) of guardians' devices. */
  pushApplications: PushApplications;
  consentPageBaseUrl: string;
  relationshipRegistryUrl: string;
  whatsappPhoneNumberId: string;
  sessionProviderUrl: string;
  relayCertificateArn: string;
  relayDomainName: string;
  consentPageCertificateArn?: string;
  /** The edge's web ACL (the edge stack's, in us-east-1): on every distribution of this stack. */
  edgeWebAclArn: string;
  /** The Bedrock foundation model the session-events worker analyses messages with. */
  analysisModelId: string;
  /** `bedrock` or `cascade` (infra/stage.ts). */
  analyzer: 'bedrock' | 'cascade';
  /** The operators' user pool and the backoffice's app client (the stateful stack's `OperatorPool`). */
  operators: { userPoolId: string; userPoolArn: string; clientId: string };
  /** The stage's alarm topic (the stateful stack's `Alarms`): every alarm notifies it. */
  alarmTopicArn: string;
}

/**
 * Code that can be redeployed at will: one function per resource group, wired to the HTTP API by
 * the route table, each granted only what its routes need.
 */
export class StatelessStack extends Stack {
  readonly api: HttpApi;
  /** Where guardians' apps and the person's calls reach the API: CloudFront, with the edge's web ACL. */
  readonly apiEdge: ApiDistribution;
  readonly functions: Record<FunctionGroup, NodejsFunction>;
  readonly gateway: HttpApi;
  /** Where the providers deliver webhooks: CloudFront, with the edge's web ACL. */
  readonly gatewayEdge: ApiDistribution;
  readonly gatewayFunctions: Record<string, NodejsFunction>;
  readonly relay: RelayService;
  /** The person's consent page on CloudFront, with their routes on the same origin. */
  readonly consentPage: ConsentPage;
  /** Every row of the consumers table (infra/consumers.ts): queue workers, stream consumers, schedule targets. */
  readonly consumers: Record<ConsumerName, NodejsFunction>;
  /** The alarms and the dashboard operators watch. */
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    // Referenced by ARN: grants then land in this stack's role policies, not in the key's policy,
    // so the stateful stack never depends on this one.
    const dataKey = Key.fromKeyArn(this, 'DataKey', props.dataKeyArn);
    const secretsKey = Key.fromKeyArn(this, 'SecretsKey', props.secretsKeyArn);
    const table = TableV2.fromTableAttributes(this, 'Table', {
      tableArn: props.table.tableArn,
      tableStreamArn: props.table.tableStreamArn,
      encryptionKey: dataKey,
    });
    const seatKeysTable = TableV2.fromTableAttributes(this, 'SeatKeysTable', {
      tableArn: props.seatKeysTable.tableArn,
      encryptionKey: Key.fromKeyArn(this, 'SeatKeysTableKey', props.seatKeysTable.keyArn),
    });
    const serviceSecrets = importServiceSecrets(this, props.serviceSecretArns, secretsKey);
    const environment = {
      STAGE: props.stage,
      TABLE_NAME: table.tableName,
      // Every group may verify an access token; none but the issuers reads the signing key.
      ...(props.jwtPublicJwks === undefined ? {} : { JWT_PUBLIC_JWKS: props.jwtPublicJwks }),
      MAIL_DELIVERY: 'ses',
      CONSENT_PAGE_BASE_URL: props.consentPageBaseUrl,
      RELATIONSHIP_REGISTRY: 'http',
      RELATIONSHIP_REGISTRY_URL: props.relationshipRegistryUrl,
      MAIL_FROM: props.mailFrom,
      POWERTOOLS_SERVICE_NAME: 'family-protection',
    };
    // The groups of operators' routes verify Cognito's tokens.
    const operatorEnvironment = {
      OPERATOR_AUTH: 'cognito',
      OPERATOR_USER_POOL_ID: props.operators.userPoolId,
      OPERATOR_CLIENT_ID: props.operators.clientId,
    };

    const functions = Object.fromEntries(
      functionGroups.map((group) => [
        group,
        new ApiFunction(this, `${pascal(group)}Api`, {
          entry: handlerEntry(group),
          environment,
          // The supply group reads its suppliers' keys (their own secret, below) the same way.
          readsSecrets: groupAccess[group].secrets.length > 0 || group === 'supply',
          ...reservedConcurrency(groupAccess[group]),
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
                  EVIDENCE_KMS_KEY_ID: props.evidenceKeyArn,
                  WEBP_WASM_PATH: `/var/task/${bundledAssets.webpWasm.to}`,
                },
              }
            : {}),
          ...(group === 'admin' ? { environment: { ...environment, ...operatorEnvironment } } : {}),
          // The proxy supply: operators' routes too, with the suppliers and their keys' secret.
          ...(group === 'supply'
            ? {
                environment: {
                  ...environment,
                  ...operatorEnvironment,
                  PROXY_SUPPLIERS_JSON: props.proxySuppliersJson,
                  PROXY_SUPPLIER_SECRETS_ARN: props.supplierSecretsArn,
                },
              }
            : {}),
        }).function,
      ]),
    ) as Record<FunctionGroup, NodejsFunction>;
    this.functions = functions;

    // Least privilege, from each group's row (infra/group-access.ts, `groupAccess`): its table actions,
    // the service's secrets its routes use, and no other.
    const dataKeyArns = { seat: props.seatKeyArn, device: props.deviceKeyArn };
    for (const group of functionGroups) {
      const access: GroupAccess = groupAccess[group];
      grantTableAccess(functions[group], table, access.table);
      grantServiceSecrets(functions[group], serviceSecrets, access.secrets);
      grantDataKeys(functions[group], dataKeyArns, access.dataKeys ?? []);
    }
    // The suppliers' keys: only the function that calls suppliers reads them.
    grantSecretRead(
      functions.supply,
      Secret.fromSecretAttributes(this, 'ProxySupplierSecrets', {
        secretCompleteArn: props.supplierSecretsArn,
        encryptionKey: secretsKey,
      }),
    );
    // The backoffice (the table above: the roster, the audit trail, a pairing's reset): the Cognito
    // admin calls that keep the pool's users and groups in step with the roster.
    functions.admin.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminDeleteUser',
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminRemoveUserFromGroup',
        ],
        resources: [props.operators.userPoolArn],
      }),
    );
    // The person's evidence: faces counted, the phrase heard, the files kept (write only).
    const checks = [
      new PolicyStatement({ actions: ['rekognition:DetectFaces'], resources: ['*'] }),
      new PolicyStatement({ actions: ['transcribe:StartStreamTranscription'], resources: ['*'] }),
    ];
    for (const check of checks) {
      functions.evidence.addToRolePolicy(check);
      acknowledgeWildcards(
        functions.evidence,
        check,
        'Rekognition’s DetectFaces and Transcribe’s streaming take no resource ARN: the action is the whole grant.',
      );
    }
    const evidenceBucket = Bucket.fromBucketName(this, 'EvidenceBucket', props.evidenceBucketName);
    const keepEvidence = new PolicyStatement({
      actions: ['s3:PutObject'],
      resources: [evidenceBucket.arnForObjects('evidence/*')],
    });
    functions.evidence.addToRolePolicy(keepEvidence);
    acknowledgeWildcards(
      functions.evidence,
      keepEvidence,
      'Evidence files are named at run time: writing (never reading) under the evidence prefix of its bucket only.',
    );
    functions.evidence.addToRolePolicy(
      new PolicyStatement({
        actions: ['kms:GenerateDataKey'],
        resources: [props.evidenceKeyArn],
        // Only for S3 writing to the evidence bucket (with a bucket key, the context is the bucket's
        // ARN): the key cannot be used directly.
        conditions: {
          StringEquals: {
            'kms:ViaService': `s3.${this.region}.amazonaws.com`,
            'kms:EncryptionContext:aws:s3:arn': evidenceBucket.bucketArn,
          },
        },
      }),
    );

    // The seats' wrapped data keys live in the seat keys' table (no backups): what a group does there
    // follows from its use of the seat key (its row's `dataKeys`).
    for (const group of functionGroups) {
      const { dataKeys = [] }: GroupAccess = groupAccess[group];
      const uses = dataKeys.filter((grant) => grant.key === 'seat').flatMap((grant) => grant.use);
      if (uses.length > 0) grantSeatKeysTable(functions[group], seatKeysTable, seatKeysTableActions(uses));
    }
    // Guardians' notifications of the person's answers and of pairing moves the API makes: e-mail
    // and push to their devices' endpoints.
    for (const group of ['consent', 'pairing', 'admin', 'history'] as const) {
      grantSendMail(functions[group], props.mailFrom);
      grantPush(functions[group], props.pushApplications);
    }
    // Devices (`/me/devices`, accounts): an endpoint made in the stage's applications only, removed
    // by its ARN, and the token wrapped under a data key of its own bound to the device.
    functions.accounts.addEnvironment('NOTIFY_DELIVERY', 'aws');
    functions.accounts.addEnvironment('PUSH_IOS_APPLICATION_ARN', props.pushApplications.ios);
    functions.accounts.addEnvironment('PUSH_ANDROID_APPLICATION_ARN', props.pushApplications.android);
    functions.accounts.addToRolePolicy(
      new PolicyStatement({
        actions: ['sns:CreatePlatformEndpoint'],
        resources: [props.pushApplications.ios, props.pushApplications.android],
      }),
    );
    const removeEndpoints = new PolicyStatement({
      actions: ['sns:DeleteEndpoint'],
      resources: pushEndpointsOf(props.pushApplications),
    });
    functions.accounts.addToRolePolicy(removeEndpoints);
    acknowledgeWildcards(
      functions.accounts,
      removeEndpoints,
      'Endpoints are made at run time, one per device: only those of the stage’s two platform applications.',
    );

    const integrations = Object.fromEntries(
      functionGroups.map((group) => [
        group,
        // One invoke permission per function and API, not one per route: 90 routes would take 90 of
        // the stack's 500 resources for the same grant (API Gateway may invoke the group's function).
        new HttpLambdaIntegration(`${pascal(group)}Integration`, functions[group], {
          scopePermissionToRoute: false,
        }),
      ]),
    ) as Record<FunctionGroup, HttpLambdaIntegration>;

    this.api = new HttpApi(this, 'Api', {
      description: `family-protection ${props.stage} API`,
      // Unmatched requests reach a function that answers 404 in the envelope, not API Gateway's own body.
      defaultIntegration: integrations[fallbackRoute.group],
    });
    // Operator routes: API Gateway refuses a request without a valid access token of the backoffice's
    // app client before any function runs; the admin function verifies it again and finds its member.
    const operatorAuthorizer = new HttpJwtAuthorizer(
      'OperatorAuthorizer',
      `https://cognito-idp.${this.region}.amazonaws.com/${props.operators.userPoolId}`,
      { jwtAudience: [props.operators.clientId] },
    );
    for (const route of routes) {
      const added = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations[route.group],
        ...(route.auth === 'operator' ? { authorizer: operatorAuthorizer } : {}),
      });
      if (route.auth !== 'operator')
        for (const one of added) acknowledge(one, 'APIG4', authorizationInFunction[route.auth]);
    }
    acknowledge(
      this.api.node.findChild('DefaultRoute'),
      'APIG4',
      'Unmatched requests: the health function answers them 404 in the envelope and touches nothing.',
    );
    // Each route at its group's ceiling (infra/group-access.ts, `groupAccess`); unmatched ones at health's.
    this.accessLogsAndThrottle(this.api, 'Api', groupAccess[fallbackRoute.group].throttle, {
      ...Object.fromEntries(routes.map((route) => [routeKey(route), groupAccess[route.group].throttle])),
    });

    // The API's origin secret header: its functions believe CloudFront's viewer address only with it.
    const originHeader = 'x-origin-verify';
    this.apiEdge = new ApiDistribution(this, 'ApiEdge', {
      api: this.api,
      comment: `family-protection ${props.stage} API`,
      traffic: { kind: 'api', originHeader, originSecret: serviceSecrets.originSecret },
      webAclArn: props.edgeWebAclArn,
    });
    new CfnOutput(this, 'ApiUrl', { value: `https://${this.apiEdge.distribution.distributionDomainName}` });

    // The gateway: its own HTTP API; each webhook function verifies, enqueues and answers. It is
    // granted the queues the consumers table names it a producer of, its keys, and nothing of the table.
    const queues = Object.fromEntries(
      queueConsumers.map((row) => [
        row.name,
        Queue.fromQueueArn(this, `${pascal(row.name)}Queue`, props.queueArns[row.name]),
      ]),
    ) as Record<QueueName, IQueue>;
    // The backoffice overview reads each event queue's depth and its dead-letter queue's.
    for (const row of queueConsumers) {
      functions.admin.addEnvironment(queueUrlVariable(row.name), queues[row.name].queueUrl);
      functions.admin.addToRolePolicy(
        new PolicyStatement({
          actions: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl'],
          resources: [
            queues[row.name].queueArn,
            this.formatArn({ service: 'sqs', resource: queueNames(row).deadLetter }),
          ],
        }),
      );
    }
    const gatewaySecrets = Secret.fromSecretAttributes(this, 'GatewaySecrets', {
      secretCompleteArn: props.gatewaySecretsArn,
      encryptionKey: secretsKey,
    });
    const businessWebhookSecrets = Secret.fromSecretAttributes(this, 'BusinessWebhookSecrets', {
      secretCompleteArn: props.businessWebhookSecretsArn,
      encryptionKey: secretsKey,
    });
    // Each webhook function reads its own provider's keys: Meta's app secret only the business one.
    const webhookSecrets: Record<string, { variable: string; secret: ISecret }> = {
      SessionProviderWebhook: { variable: 'GATEWAY_SECRETS_ARN', secret: gatewaySecrets },
      BusinessProviderWebhook: { variable: 'BUSINESS_WEBHOOK_SECRETS_ARN', secret: businessWebhookSecrets },
    };
    this.gateway = new HttpApi(this, 'Gateway', { description: `family-protection ${props.stage} webhooks` });
    this.accessLogsAndThrottle(this.gateway, 'Gateway', gatewayThrottle, {});
    this.gatewayFunctions = {};
    for (const route of gatewayRoutes) {
      const made =
        this.gatewayFunctions[route.name] === undefined
          ? new ApiFunction(this, route.name, {
              entry: route.entry,
              readsSecrets: route.name !== 'GatewayHealth',
              environment: {
                STAGE: props.stage,
                // The shared configuration needs a table name; the gateway never uses it (and has no grant).
                TABLE_NAME: 'none',
                ...Object.fromEntries(
                  queueConsumers.map((row) => [queueUrlVariable(row.name), queues[row.name].queueUrl]),
                ),
                ...Object.fromEntries(
                  [webhookSecrets[route.name]]
                    .filter((own) => own !== undefined)
                    .map((own) => [own.variable, own.secret.secretArn]),
                ),
              },
            })
          : undefined;
      const fn = this.gatewayFunctions[route.name] ?? (made as ApiFunction).function;
      if (made !== undefined && route.name === 'BusinessProviderWebhook') {
        // A signed body the gateway cannot use is answered 200 (Meta retries anything else for days)
        // and counted from its log line, so a change of Meta's shape shows as a metric, not as silence.
        new MetricFilter(this, 'UnusableBusinessWebhooks', {
          logGroup: made.logGroup,
          metricNamespace: 'FamilyProtection',
          metricName: 'UnusableBusinessWebhooks',
          filterPattern: FilterPattern.stringValue('$.outcome', '=', 'unusable'),
          metricValue: '$.count',
        });
      }
      if (this.gatewayFunctions[route.name] === undefined) {
        if (route.name === 'GatewayHealth') {
          // Health reads the queues' attributes and nothing else.
          for (const queue of Object.values(queues)) {
            fn.addToRolePolicy(
              new PolicyStatement({ actions: ['sqs:GetQueueAttributes'], resources: [queue.queueArn] }),
            );
          }
        } else {
          const own = webhookSecrets[route.name];
          if (own === undefined) throw new Error(`no webhook key for ${route.name}`);
          grantSecretRead(fn, own.secret);
        }
        this.gatewayFunctions[route.name] = fn;
      }
      for (const added of this.gateway.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.name}${route.method}Integration`, fn, {
          scopePermissionToRoute: false,
        }),
      }))
        acknowledge(added, 'APIG4', gatewayAuthorization);
    }
    const eventBodies = Bucket.fromBucketName(this, 'EventBodiesBucket', props.eventBodiesBucketName);
    for (const row of queueConsumers) {
      const { needs }: { needs: readonly Need[] } = row;
      for (const producer of row.producers) {
        const fn = this.gatewayFunctions[producer];
        if (fn === undefined)
          throw new Error(`the queue ${row.name} names a producer with no route: ${producer}`);
        grantQueueSend(fn, row, queues[row.name], props.queuedContentKeyArn);
        // A body too large for a queue message is kept aside for the worker: write only, its prefix only.
        if (needs.includes('eventBodies')) {
          for (const [name, value] of Object.entries(eventBodiesEnvironment(eventBodies)))
            fn.addEnvironment(name, value);
          const keepBodies = new PolicyStatement({
            actions: ['s3:PutObject'],
            resources: [eventBodies.arnForObjects(`${queuedBodyPrefix}*`)],
          });
          fn.addToRolePolicy(keepBodies);
          acknowledgeWildcards(
            fn,
            keepBodies,
            'Kept bodies are named by their event at run time: writing (never reading) under the kept-body prefix only.',
          );
        }
      }
    }
    this.gatewayEdge = new ApiDistribution(this, 'GatewayEdge', {
      api: this.gateway,
      comment: `family-protection ${props.stage} webhooks`,
      traffic: { kind: 'webhooks' },
      webAclArn: props.edgeWebAclArn,
    });
    const gatewayUrl = `https://${this.gatewayEdge.distribution.distributionDomainName}`;
    new CfnOutput(this, 'GatewayUrl', { value: gatewayUrl });

    // The SSE relay in its own VPC; the table-stream consumer that wakes it is placed there (relayPush).
    const vpc = new Vpc(this, 'Vpc', { maxAzs: 2, natGateways: 1 });
    // The relay load balancer's access logs and the VPC's refused flows, kept 90 days.
    const networkLogs = logBucket(this, 'NetworkLogs');
    acknowledge(
      networkLogs,
      'S1',
      'A log bucket itself: only the load balancer and the flow logs write to it, and logging its own accesses would log the logging.',
    );
    vpc.addFlowLog('FlowLogs', {
      destination: FlowLogDestination.toS3(networkLogs, 'vpc/'),
      trafficType: FlowLogTrafficType.REJECT,
    });
    vpc.addGatewayEndpoint('DynamoDb', { service: GatewayVpcEndpointAwsService.DYNAMODB });
    this.relay = new RelayService(this, 'Relay', {
      stage: props.stage,
      vpc,
      table,
      hashKeySecret: serviceSecrets.hashKey,
      certificateArn: props.relayCertificateArn,
      pingSeconds: 5,
      logs: networkLogs,
    });
    new CfnOutput(this, 'RelayUrl', { value: `https://${this.relay.loadBalancer.loadBalancerDnsName}` });

    // The consent page and the person's routes on one CloudFront origin. Behind it, the person's
    // address is CloudFront's viewer address, believed only with the secret origin header.
    this.consentPage = new ConsentPage(this, 'ConsentPage', {
      apiDomain: `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`,
      relayDomain: props.relayDomainName,
      ...(props.consentPageCertificateArn === undefined
        ? {}
        : {
            domain: {
              name: new URL(props.consentPageBaseUrl).hostname,
              certificateArn: props.consentPageCertificateArn,
            },
          }),
      originSecret: serviceSecrets.originSecret,
      originHeader,
      webAclArn: props.edgeWebAclArn,
    });
    // The groups that count the client's address are those whose row reads the origin secret.
    const readsSecret = (group: FunctionGroup, name: ServiceSecretName): boolean =>
      (groupAccess[group].secrets as readonly ServiceSecretName[]).includes(name);
    for (const group of functionGroups.filter((one) => readsSecret(one, 'originSecret'))) {
      functions[group].addEnvironment('CLOUDFRONT_ORIGIN_HEADER', originHeader);
    }
    this.relay.trustCloudFront(originHeader, serviceSecrets.originSecret);
    new CfnOutput(this, 'ConsentPageUrl', {
      value: `https://${this.consentPage.distribution.distributionDomainName}`,
    });

    // Every queue worker, stream consumer and schedule target, from the consumers table.
    const sessionProviderWebhookUrl = `${gatewayUrl}/webhooks/session-provider`;
    const built = buildConsumers(this, {
      stage: props.stage,
      table,
      serviceSecrets,
      gatewaySecrets,
      queues,
      queuedContentKeyArn: props.queuedContentKeyArn,
      relay: { vpc, pushClients: this.relay.pushClients },
      sessionProviderUrl: props.sessionProviderUrl,
      sessionProviderWebhookUrl,
      mailFrom: props.mailFrom,
      pushApplications: props.pushApplications,
      eventBodies,
      seatKeyArn: props.seatKeyArn,
      seatKeysTable,
      analysisModelId: props.analysisModelId,
      analyzer: props.analyzer,
      whatsappPhoneNumberId: props.whatsappPhoneNumberId,
    });
    this.consumers = built.functions;
    // The API groups a queue row names as its producers: they send to it, by its URL.
    for (const row of queueConsumers) {
      const { apiProducers = [] }: QueueConsumer = row;
      for (const group of apiProducers) {
        grantQueueSend(functions[group], row, queues[row.name], props.queuedContentKeyArn);
        functions[group].addEnvironment(queueUrlVariable(row.name), queues[row.name].queueUrl);
      }
    }
    // The schedules a group's row names (a pause's end; the history queue's moves).
    for (const group of functionGroups) {
      const { schedules = [] }: GroupAccess = groupAccess[group];
      if (schedules.length > 0) built.grantSchedules(functions[group], schedules);
    }
    // Who creates sessions (the pairing routes) and who ends them (the person's stop, an operator's
    // reset) talk to the provider; the sessions' webhook key is the gateway's.
    for (const fn of functionGroups
      .filter((group) => (groupAccess[group] as GroupAccess).sessionProvider === true)
      .map((group) => functions[group])) {
      fn.addEnvironment('SESSION_PROVIDER_URL', props.sessionProviderUrl);
      fn.addEnvironment('SESSION_PROVIDER_WEBHOOK_URL', sessionProviderWebhookUrl);
      fn.addEnvironment('GATEWAY_SECRETS_ARN', gatewaySecrets.secretArn);
      grantSecretRead(fn, gatewaySecrets);
    }

    // Alarms on 5xx, on every function's errors and throttles and on the relay's streams, and the
    // dashboard; this stack's dead-letter alarms notify the same topic as the stateful stack's.
    const alarmTopic = Topic.fromTopicArn(this, 'AlarmTopic', props.alarmTopicArn);
    for (const { alarm } of Object.values(built.deadLetters)) alarm.addAlarmAction(new SnsAction(alarmTopic));
    this.operations = new Operations(this, 'Operations', {
      stage: props.stage,
      apis: { Api: this.api, Gateway: this.gateway },
      functions: {
        ...Object.fromEntries(functionGroups.map((group) => [`${pascal(group)}Api`, functions[group]])),
        ...this.gatewayFunctions,
        ...Object.fromEntries(
          Object.entries(this.consumers).map(([name, fn]) => [`${pascal(name)}Consumer`, fn]),
        ),
      },
      deadLetters: {
        ...Object.fromEntries(
          queueConsumers.map((row) => [row.name, queueDepth(`${props.stage}-${queueNames(row).deadLetter}`)]),
        ),
        ...Object.fromEntries(
          Object.entries(built.deadLetters).map(([name, { queue }]) => [
            name,
            queue.metricApproximateNumberOfMessagesVisible(),
          ]),
        ),
      },
      deadLetterAlarms: Object.values(built.deadLetters).map(({ alarm }) => alarm),
      relay: this.relay,
      alarmTopic,
    });
    // cfn-lint on the templates (npm run synth): CDK's own provider functions, with their reason.
    ignoreLintOnCdkProviders(this);
  }
  /**
   * The stage's access log (one JSON line per request: the route template, never the path, since a
   * consent link's token is in it, and no caller address) and its throttling: `routes` by route key,
   * anything else at `fallback`.
   */
  private accessLogsAndThrottle(
    api: HttpApi,
    id: string,
    fallback: { rate: number; burst: number },
    byRoute: Record<string, { rate: number; burst: number }>,
  ): void {
    const logGroup = new LogGroup(this, `${id}AccessLogs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = api.defaultStage?.node.defaultChild as CfnStage;
    stage.accessLogSettings = {
      destinationArn: logGroup.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        requestTime: '$context.requestTimeEpoch',
        routeKey: '$context.routeKey',
        status: '$context.status',
        responseLatency: '$context.responseLatency',
        integrationLatency: '$context.integrationLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };
    stage.defaultRouteSettings = { throttlingRateLimit: fallback.rate, throttlingBurstLimit: fallback.burst };
    // An untyped map in CloudFormation's own spelling (CDK passes it through as is).
    stage.routeSettings = Object.fromEntries(
      Object.entries(byRoute).map(([key, { rate, burst }]) => [
        key,
        { ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst },
      ]),
    );
  }
}
