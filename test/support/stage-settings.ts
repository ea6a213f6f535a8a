import { App } from 'aws-cdk-lib';
import { buildStacks, type StageSettings } from '../../infra/stage';

/** The stage the infra tests synthesise: fixed account, region and ARNs, so templates are comparable. */
export const testStageSettings: StageSettings = {
  stage: 'test',
  mailFrom: 'no-reply@example.com',
  pushApplications: {
    ios: 'arn:aws:sns:sa-east-1:123456789012:app/APNS/family-ios',
    android: 'arn:aws:sns:sa-east-1:123456789012:app/GCM/family-android',
  },
  consentPageBaseUrl: 'https://consent.example.com',
  relationshipRegistryUrl: 'https://registry.example.com',
  whatsappPhoneNumberId: '123',
  sessionProviderUrl: 'https://sessions.example.com',
  analysisModelId: 'anthropic.claude-3-haiku-20240307-v1:0',
  analyzer: 'bedrock',
  relayCertificateArn: 'arn:aws:acm:sa-east-1:123456789012:certificate/test',
  relayDomainName: 'relay.example.com',
  consentPageCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/page',
  webhookSenders: {
    sessionProvider: ['203.0.113.10/32', '2001:db8:aaaa::/48'],
    businessProvider: ['198.51.100.0/24'],
  },
  jwtPublicJwks: JSON.stringify({
    keys: [{ kty: 'EC', crv: 'P-256', kid: 'test-1', x: 'test-public-x', y: 'test-public-y' }],
  }),
};

/** The app of `testStageSettings`. No bundling and no CloudFormation validation: the CI synth does both once. */
export const testStacks = (settings: StageSettings = testStageSettings) => {
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  return { app, ...buildStacks(app, settings) };
};
