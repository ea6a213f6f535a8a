import { RemovalPolicy } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/**
 * Where every alarm of a stage notifies: an SNS topic operators subscribe to (e-mail, chat, paging;
 * docs/operations.md). Encrypted under a key of its own, which CloudWatch may use to publish (an
 * AWS-managed key refuses CloudWatch), and reachable over TLS only. Kept with the data: subscriptions
 * are made by hand and must survive a redeploy of the code.
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    const key = new Key(this, 'Key', {
      description: `family-protection ${props.stage}: the alarm topic's messages`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', {
      displayName: `family-protection ${props.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}
