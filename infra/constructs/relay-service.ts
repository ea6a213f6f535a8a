import { Duration } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Port, SecurityGroup, SubnetType, type IVpc } from 'aws-cdk-lib/aws-ec2';
import {
  AwsLogDriver,
  type ContainerDefinition,
  Cluster,
  ContainerImage,
  ContainerInsights,
  CpuArchitecture,
  FargateService,
  FargateTaskDefinition,
  OperatingSystemFamily,
  Secret as EcsSecret,
} from 'aws-cdk-lib/aws-ecs';
import {
  ApplicationLoadBalancer,
  ApplicationProtocol,
  ListenerAction,
  ListenerCondition,
  SslPolicy,
} from 'aws-cdk-lib/aws-elasticloadbalancingv2';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { relayTable } from '../table-grants';
import { grantTableAccess } from './table-access';
import { grantSecretRead } from './service-secrets';
import { acknowledge } from '../nag';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';

export interface RelayServiceProps {
  stage: string;
  vpc: IVpc;
  table: ITableV2;
  /** The keyed-hash key's secret: the one service secret the relay reads (and, behind CloudFront, the origin's). */
  hashKeySecret: ISecret;
  certificateArn: string;
  pingSeconds: number;
  /** Where the load balancer writes its connection logs (under `relay/`). */
  logs: IBucket;
}

const repositoryRoot = join(import.meta.dirname, '..', '..');
export const relayPorts = { public: 3002, push: 3012 } as const;

/**
 * The SSE relay on Fargate behind an ALB (HTTPS, idle timeout well above the ping), scaled on
 * active connections. The table-stream consumer that wakes its tasks is a row of the consumers
 * table (infra/consumers.ts), placed in this VPC and in `pushClients`, the only group allowed to the
 * tasks' private push port.
 */
export class RelayService extends Construct {
  readonly service: FargateService;
  readonly loadBalancer: ApplicationLoadBalancer;
  /** The group whose members may reach the tasks' push port (infra/consumers.ts: the `relayPush` need). */
  readonly pushClients: SecurityGroup;
  private readonly container: ContainerDefinition;

  constructor(scope: Construct, id: string, props: RelayServiceProps) {
    super(scope, id);
    const cluster = new Cluster(this, 'Cluster', {
      vpc: props.vpc,
      containerInsightsV2: ContainerInsights.ENABLED,
    });
    const task = new FargateTaskDefinition(this, 'Task', {
      cpu: 512,
      memoryLimitMiB: 1024,
      runtimePlatform: {
        cpuArchitecture: CpuArchitecture.ARM64,
        operatingSystemFamily: OperatingSystemFamily.LINUX,
      },
    });
    this.container = task.addContainer('Relay', {
      image: ContainerImage.fromAsset(repositoryRoot, {
        file: 'functions/relay/Dockerfile',
        exclude: [
          'node_modules',
          'cdk.out',
          '.local',
          '.bench',
          '.git',
          'test',
          'infra',
          'localstack',
          'web',
        ],
      }),
      environment: {
        STAGE: props.stage,
        TABLE_NAME: props.table.tableName,
        SSE_PING_SECONDS: String(props.pingSeconds),
      },
      // The keyed-hash key (tickets, link tokens, push signatures), by reference into its own secret:
      // the relay never reads the signing key or the providers' tokens.
      secrets: { HASH_KEY: EcsSecret.fromSecretsManager(props.hashKeySecret, 'hashKey') },
      portMappings: [{ containerPort: relayPorts.public }, { containerPort: relayPorts.push }],
      logging: new AwsLogDriver({
        streamPrefix: 'relay',
        logGroup: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }),
      }),
      stopTimeout: Duration.seconds(30),
    });
    acknowledge(
      task,
      'ECS2',
      'Only settings that are not secret are in the environment (stage, table name, ping interval, the origin header’s name); the hash key and the origin secret reach the task by reference to Secrets Manager.',
    );
    grantTableAccess(task.taskRole, props.table, relayTable);
    // ECS reads the referenced secrets with the execution role at the task's start.
    grantSecretRead(task.obtainExecutionRole(), props.hashKeySecret);
    acknowledge(
      task.obtainExecutionRole(),
      'IAM5[Resource::*]',
      'ECR’s GetAuthorizationToken, which pulls the image, takes no resource ARN.',
    );

    const tasksGroup = new SecurityGroup(this, 'TasksGroup', { vpc: props.vpc, allowAllOutbound: true });
    this.pushClients = new SecurityGroup(this, 'StreamGroup', { vpc: props.vpc, allowAllOutbound: true });
    // Only the members of this group (the table-stream consumer that wakes the tasks) reach the push port.
    tasksGroup.addIngressRule(this.pushClients, Port.tcp(relayPorts.push), 'table stream pushes');

    this.service = new FargateService(this, 'Service', {
      cluster,
      taskDefinition: task,
      desiredCount: 2,
      minHealthyPercent: 100,
      securityGroups: [tasksGroup],
      vpcSubnets: { subnetType: SubnetType.PRIVATE_WITH_EGRESS },
      circuitBreaker: { rollback: true },
    });

    this.loadBalancer = new ApplicationLoadBalancer(this, 'LoadBalancer', {
      vpc: props.vpc,
      internetFacing: true,
      // SSE connections stay open: far above the ping interval.
      idleTimeout: Duration.seconds(120),
    });
    // Connections only (address, port, TLS), never requests: a guardian's stream carries its ticket
    // in the query (`?ticket=`) and the person's its link token in the path, and an access log line
    // holds both (docs/infrastructure.md "No credential in any log").
    this.loadBalancer.logConnectionLogs(props.logs, 'relay');
    acknowledge(
      this.loadBalancer,
      'ELB2',
      'Its access log would write each request line, and the relay’s streams carry a credential in it (a guardian’s ticket in the query, the person’s link token in the path). Connection logs are kept instead (addresses and TLS, no request); the relay’s own logs hold no request line.',
    );
    acknowledge(
      this.loadBalancer.connections.securityGroups[0] ?? this.loadBalancer,
      'EC23',
      'The relay’s public HTTPS listener: guardians’ apps and the consent page hold their event streams from anywhere; only 443 is open, and the tasks behind it only to the load balancer.',
    );
    // Known bad sources and request shapes are stopped before the relay (AWS's managed rules); the
    // relay counts its own per-address limits, on the address it is told to trust.
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: 'relay-web-acl',
        sampledRequestsEnabled: false,
      },
      rules: ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet'].map(
        (name, priority) => ({
          name,
          priority,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: name,
            sampledRequestsEnabled: false,
          },
        }),
      ),
    });
    new CfnWebACLAssociation(this, 'WebAclAssociation', {
      resourceArn: this.loadBalancer.loadBalancerArn,
      webAclArn: webAcl.attrArn,
    });
    // The relay counts per-IP limits on the entry the load balancer appends (the last), never the caller's own.
    this.loadBalancer.setAttribute('routing.http.xff_header_processing.mode', 'append');
    const listener = this.loadBalancer.addListener('Https', {
      port: 443,
      protocol: ApplicationProtocol.HTTPS,
      sslPolicy: SslPolicy.RECOMMENDED_TLS,
      certificates: [Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)],
      defaultAction: ListenerAction.fixedResponse(404, {
        contentType: 'application/json',
        messageBody: '{}',
      }),
    });
    listener.addTargets('Streams', {
      priority: 1,
      conditions: [
        // Only the stream routes: the push port is never behind the load balancer, and the health
        // check path is for the target group's checks (which reach the tasks directly), not the public.
        ListenerCondition.pathPatterns(['/accounts/*/events', '/consent-requests/*/events']),
      ],
      port: relayPorts.public,
      protocol: ApplicationProtocol.HTTP,
      targets: [
        this.service.loadBalancerTarget({ containerName: 'Relay', containerPort: relayPorts.public }),
      ],
      healthCheck: { path: '/health', interval: Duration.seconds(15), healthyThresholdCount: 2 },
      deregistrationDelay: Duration.seconds(30),
    });
    const scaling = this.service.autoScaleTaskCount({ minCapacity: 2, maxCapacity: 20 });
    scaling.scaleOnMetric('ActiveConnections', {
      metric: this.loadBalancer.metrics.activeConnectionCount({ period: Duration.minutes(1) }),
      scalingSteps: [
        { upper: 5_000, change: -1 },
        { lower: 15_000, change: +1 },
        { lower: 30_000, change: +3 },
      ],
    });
  }

  /**
   * Behind CloudFront the person's address is its viewer address, believed only with the secret
   * origin header (docs/client-ip.md); the secret reaches the task by reference.
   */
  trustCloudFront(originHeader: string, originSecret: ISecret) {
    this.container.addEnvironment('CLOUDFRONT_ORIGIN_HEADER', originHeader);
    this.container.addSecret(
      'CLOUDFRONT_ORIGIN_SECRET',
      EcsSecret.fromSecretsManager(originSecret, 'cloudFrontOriginSecret'),
    );
    const executionRole = this.container.taskDefinition.executionRole;
    if (executionRole === undefined) throw new Error('the relay task has an execution role');
    grantSecretRead(executionRole, originSecret);
  }
}
