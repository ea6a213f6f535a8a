import type { App } from 'aws-cdk-lib';
import { StatefulStack } from './stacks/stateful.stack';
import { StatelessStack } from './stacks/stateless.stack';
import { EdgeStack } from './stacks/edge.stack';
import type { WebhookSenders } from './edge';
import type { QueueName } from './consumers';
import type { ServiceSecretName } from '../shared/adapters/crypto/service-secrets';

export interface StageSettings {
  stage: string;
  mailFrom: string;
  /** The SNS platform applications (APNs for iOS, FCM for Android) of guardians' devices. */
  pushApplications: { ios: string; android: string };
  consentPageBaseUrl: string;
  relationshipRegistryUrl: string;
  whatsappPhoneNumberId: string;
  /** The session provider's HTTP API (WAHA-compatible). */
  sessionProviderUrl: string;
  /** The ACM certificate of the relay's HTTPS listener. */
  relayCertificateArn: string;
  /** The relay's host name, as its certificate names it (a DNS name for its load balancer): CloudFront's origin. */
  relayDomainName: string;
  /**
   * An ACM certificate in us-east-1 for the host of `consentPageBaseUrl`: the distribution answers
   * on that name. Without it the page is on CloudFront's own domain (the `ConsentPageUrl` output).
   */
  consentPageCertificateArn?: string;
  /**
   * The addresses (CIDR blocks) the session provider and Meta deliver webhooks from: the edge's web
   * ACL lets them through on their route uncounted (docs/infrastructure.md "Traffic at the edge").
   */
  webhookSenders?: WebhookSenders;
  /** The Amazon Bedrock foundation model id the analysis calls (`ANALYSIS_MODEL_ID`). */
  analysisModelId: string;
  /**
   * Who reads messages in AWS (`ANALYZER`): `bedrock` (every window) until the rule screen meets its
   * held-out recall target (docs/analysis.md "Targets and figures"), then `cascade`.
   */
  analyzer: 'bedrock' | 'cascade';
  /**
   * The access tokens' verification keys (`JWT_PUBLIC_JWKS`, a JWK set as JSON): the public half of
   * the signing key in its secret and, while a new one overlaps it, of the old (docs/deploy.md).
   */
  jwtPublicJwks?: string;
  /** The proxy suppliers (`PROXY_SUPPLIERS_JSON`); their keys go in the supplier secret. */
  proxySuppliersJson?: string;
}

/** The verification keys go into the template as they are: a private key there would be published. */
const publicOnly = (jwks: string): string => {
  const { keys } = JSON.parse(jwks) as { keys?: Record<string, unknown>[] };
  if (!Array.isArray(keys) || keys.some((key) => 'd' in key)) {
    throw new Error('jwtPublicJwks: must be a JWK set ({"keys":[...]}) of public keys only (no "d")');
  }
  return jwks;
};

/**
 * The stacks of one stage: stateful apart from stateless, so code deploys never touch data, and the
 * edge's web ACL in us-east-1, the only region CloudFront takes one from.
 */
export const buildStacks = (app: App, settings: StageSettings) => {
  const env = {
    account: process.env['CDK_DEFAULT_ACCOUNT'],
    region: process.env['CDK_DEFAULT_REGION'] ?? 'sa-east-1',
  };
  const edge = new EdgeStack(app, `FamilyProtection-${settings.stage}-Edge`, {
    env: { account: env.account, region: 'us-east-1' },
    crossRegionReferences: true,
    stage: settings.stage,
    webhookSenders: settings.webhookSenders ?? {},
  });
  const stateful = new StatefulStack(app, `FamilyProtection-${settings.stage}-Stateful`, {
    env,
    stage: settings.stage,
  });
  const stateless = new StatelessStack(app, `FamilyProtection-${settings.stage}-Stateless`, {
    env,
    // The edge's web ACL is in us-east-1: its ARN reaches the distributions through an SSM parameter.
    crossRegionReferences: true,
    edgeWebAclArn: edge.acl.webAcl.attrArn,
    stage: settings.stage,
    table: stateful.table,
    dataKeyArn: stateful.dataKey.keyArn,
    seatKeyArn: stateful.seatKey.keyArn,
    deviceKeyArn: stateful.deviceKey.keyArn,
    seatKeysTable: {
      tableArn: stateful.seatKeysTable.tableArn,
      keyArn: stateful.seatKeysTableKey.keyArn,
    },
    secretsKeyArn: stateful.secretsKey.keyArn,
    evidenceKeyArn: stateful.evidenceKey.keyArn,
    serviceSecretArns: Object.fromEntries(
      Object.entries(stateful.serviceSecrets).map(([name, secret]) => [name, secret.secretArn]),
    ) as Record<ServiceSecretName, string>,
    ...(settings.jwtPublicJwks === undefined ? {} : { jwtPublicJwks: publicOnly(settings.jwtPublicJwks) }),
    evidenceBucketName: stateful.evidenceBucket.bucketName,
    eventBodiesBucketName: stateful.eventBodiesBucket.bucketName,
    queueArns: Object.fromEntries(
      Object.entries(stateful.queues).map(([name, queue]) => [name, queue.queueArn]),
    ) as Record<QueueName, string>,
    queuedContentKeyArn: stateful.queuedContentKey.keyArn,
    gatewaySecretsArn: stateful.gatewaySecrets.secretArn,
    businessWebhookSecretsArn: stateful.businessWebhookSecrets.secretArn,
    supplierSecretsArn: stateful.supplierSecrets.secretArn,
    proxySuppliersJson: settings.proxySuppliersJson ?? '[]',
    mailFrom: settings.mailFrom,
    pushApplications: settings.pushApplications,
    consentPageBaseUrl: settings.consentPageBaseUrl,
    relationshipRegistryUrl: settings.relationshipRegistryUrl,
    whatsappPhoneNumberId: settings.whatsappPhoneNumberId,
    sessionProviderUrl: settings.sessionProviderUrl,
    relayCertificateArn: settings.relayCertificateArn,
    relayDomainName: settings.relayDomainName,
    ...(settings.consentPageCertificateArn === undefined
      ? {}
      : { consentPageCertificateArn: settings.consentPageCertificateArn }),
    analysisModelId: settings.analysisModelId,
    analyzer: settings.analyzer,
    alarmTopicArn: stateful.alarmTopic.topicArn,
    operators: {
      userPoolId: stateful.operators.userPool.userPoolId,
      userPoolArn: stateful.operators.userPool.userPoolArn,
      clientId: stateful.operators.client.userPoolClientId,
    },
  });
  return { stateful, stateless, edge };
};
