import { App } from 'aws-cdk-lib';
import { buildStacks } from '../stage';

const app = new App();
buildStacks(app, {
  stage: String(app.node.tryGetContext('stage') ?? 'dev'),
  mailFrom: String(app.node.tryGetContext('mailFrom') ?? 'no-reply@family-protection.example'),
});
app.synth();
