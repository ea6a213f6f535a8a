import { App } from 'aws-cdk-lib';
import { applyNagChecks } from '../nag';
import { buildStacks } from '../stage';
import { cidrList } from '../edge';

const app = new App();
if (app.node.tryGetContext('consentPageWebAclArn') !== undefined) {
  throw new Error(
    'consentPageWebAclArn: the app makes the edge web ACL itself now (the edge stack, docs/infrastructure.md "Traffic at the edge"); drop the setting',
  );
}
buildStacks(app, {
  stage: String(app.node.tryGetContext('stage') ?? 'dev'),
  mailFrom: String(app.node.tryGetContext('mailFrom') ?? 'no-reply@family-protection.example'),
  pushApplications: {
    ios: String(
      app.node.tryGetContext('pushIosApplicationArn') ??
        'arn:aws:sns:sa-east-1:000000000000:app/APNS/set-with-context',
    ),
    android: String(
      app.node.tryGetContext('pushAndroidApplicationArn') ??
        'arn:aws:sns:sa-east-1:000000000000:app/GCM/set-with-context',
    ),
  },
  consentPageBaseUrl: String(
    app.node.tryGetContext('consentPageBaseUrl') ?? 'https://consent.family-protection.example',
  ),
  relationshipRegistryUrl: String(
    app.node.tryGetContext('relationshipRegistryUrl') ?? 'https://registry.family-protection.example',
  ),
  whatsappPhoneNumberId: String(app.node.tryGetContext('whatsappPhoneNumberId') ?? 'set-with-context'),
  relayCertificateArn: String(
    app.node.tryGetContext('relayCertificateArn') ??
      'arn:aws:acm:sa-east-1:000000000000:certificate/set-with-context',
  ),
  relayDomainName: String(app.node.tryGetContext('relayDomainName') ?? 'relay.family-protection.example'),
  ...(app.node.tryGetContext('consentPageCertificateArn') === undefined
    ? {}
    : { consentPageCertificateArn: String(app.node.tryGetContext('consentPageCertificateArn')) }),
  // The providers' webhook senders, comma-separated addresses or CIDR blocks (docs/deploy.md).
  webhookSenders: Object.fromEntries(
    (['sessionProvider', 'businessProvider'] as const).flatMap((provider) => {
      const setting = `${provider}Addresses`;
      const value = app.node.tryGetContext(setting) as unknown;
      return value === undefined ? [] : [[provider, cidrList(setting, String(value))]];
    }),
  ),
  analysisModelId: String(
    app.node.tryGetContext('analysisModelId') ?? 'anthropic.claude-3-haiku-20240307-v1:0',
  ),
  // Bedrock reads every window until the rule screen meets its recall target (docs/analysis.md).
  analyzer: app.node.tryGetContext('analyzer') === 'cascade' ? 'cascade' : 'bedrock',
  // The public half of the signing key (docs/deploy.md); without it no access token is issued or accepted.
  ...(app.node.tryGetContext('jwtPublicJwks') === undefined
    ? {}
    : { jwtPublicJwks: String(app.node.tryGetContext('jwtPublicJwks')) }),
  proxySuppliersJson: String(app.node.tryGetContext('proxySuppliersJson') ?? '[]'),
  sessionProviderUrl: String(
    app.node.tryGetContext('sessionProviderUrl') ?? 'https://sessions.family-protection.example',
  ),
});
// cdk-nag's AWS Solutions rules: the synth fails on any finding not acknowledged with its reason.
applyNagChecks(app);
app.synth();
