import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * A bucket that receives access logs (S3's, the load balancer's, VPC flow logs): private, TLS only,
 * S3-managed keys (the services that deliver logs cannot use ours), kept 90 days and past the stack.
 */
export const logBucket = (scope: Construct, id: string): Bucket =>
  new Bucket(scope, id, {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ expiration: Duration.days(90) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
