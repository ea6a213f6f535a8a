import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeAcl } from '../constructs/edge-acl';
import { ignoreLintOnCdkProviders } from '../template-lint';
import type { WebhookSenders } from '../edge';

export interface EdgeStackProps extends StackProps {
  stage: string;
  webhookSenders: WebhookSenders;
}

/**
 * What CloudFront's edge needs from us-east-1, the only region where a web ACL of scope CLOUDFRONT
 * can be made: the edge's web ACL. The stateless stack's distributions take its ARN through CDK's
 * cross-region references (an SSM parameter in the stage's region, written by this stack).
 */
export class EdgeStack extends Stack {
  readonly acl: EdgeAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.acl = new EdgeAcl(this, 'Edge', { stage: props.stage, webhookSenders: props.webhookSenders });
    // CDK's writer of the cross-region reference (an SSM parameter in the stage's region).
    ignoreLintOnCdkProviders(this);
  }
}
