import type { CfnResource } from 'aws-cdk-lib';
import { ignoreLintRule } from '../template-lint';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  Architecture,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { SubnetType, type ISecurityGroup, type IVpc } from 'aws-cdk-lib/aws-ec2';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { join } from 'node:path';
import {
  aliasArguments,
  besideFileCommand,
  besideFiles,
  bundlingOptions,
  chunkCommand,
  chunkExternals,
  chunks,
} from './bundling';
import { acknowledgeWildcards } from '../nag';

export interface ApiFunctionProps {
  /** Path of the handler module, relative to the repository root. */
  entry: string;
  environment: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  /** Concurrency set aside for this function, which is also the most it runs at once. */
  reservedConcurrentExecutions?: number;
  /** Reads secrets through the AWS Parameters and Secrets Lambda Extension (a layer). */
  readsSecrets?: boolean;
  /** Inside a VPC (the stream handler reaches the relay tasks' private push port). */
  vpc?: { vpc: IVpc; securityGroups: ISecurityGroup[] };
  /** A fixed name, for a function whose ARN must be known before it exists (a schedule's target). */
  functionName?: string;
  /** Files copied beside the bundle (paths relative to the repository root and to the bundle). */
  assets?: readonly { from: string; to: string }[];
}

const repositoryRoot = join(import.meta.dirname, '..', '..');

/**
 * A Lambda function with our defaults: Node 24 on arm64, ESM bundle, its own log group kept a month,
 * active X-Ray tracing.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const assets = props.assets ?? [];
    const logGroup = (this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
    // A role of its own instead of AWS's managed execution policies: it writes to its own log group
    // only, and (in a VPC) manages its network interfaces.
    const role = new Role(this, 'ServiceRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    // What active tracing grants (below): X-Ray's actions take no resource ARN.
    acknowledgeWildcards(
      role,
      new PolicyStatement({
        actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
        resources: ['*'],
      }),
      'X-Ray has no resource-level permissions: a traced function may only send its segments, to any trace.',
    );
    if (props.vpc !== undefined) {
      const interfaces = new PolicyStatement({
        actions: [
          'ec2:CreateNetworkInterface',
          'ec2:DescribeNetworkInterfaces',
          'ec2:DescribeSubnets',
          'ec2:DeleteNetworkInterface',
          'ec2:AssignPrivateIpAddresses',
          'ec2:UnassignPrivateIpAddresses',
        ],
        resources: ['*'],
      });
      role.addToPolicy(interfaces);
      acknowledgeWildcards(
        role,
        interfaces,
        'Lambda creates the network interfaces of a function in a VPC before they exist: these EC2 actions take no resource ARN.',
      );
    }
    this.function = new NodejsFunction(this, 'Function', {
      role,
      entry: join(repositoryRoot, props.entry),
      handler: 'handler',
      ...(props.functionName === undefined ? {} : { functionName: props.functionName }),
      ...(props.vpc === undefined
        ? {}
        : {
            vpc: props.vpc.vpc,
            vpcSubnets: { subnetType: SubnetType.PRIVATE_WITH_EGRESS },
            securityGroups: props.vpc.securityGroups,
          }),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      logGroup,
      // X-Ray: the handlers' Powertools tracer adds their segments (shared/adapters/lambda/observability.ts).
      tracing: Tracing.ACTIVE,
      ...(props.readsSecrets
        ? {
            paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
              cacheSize: 10,
              logLevel: ParamsAndSecretsLogLevel.WARN,
            }),
          }
        : {}),
      // No --enable-source-maps: parsing a multi-megabyte map at every cold start costs more than it gives.
      environment: props.environment,
      projectRoot: repositoryRoot,
      depsLockFilePath: join(repositoryRoot, 'package-lock.json'),
      bundling: {
        format: OutputFormat.ESM,
        target: bundlingOptions.target,
        minify: bundlingOptions.minify,
        sourceMap: bundlingOptions.sourceMap,
        externalModules: [...bundlingOptions.externalModules, ...chunkExternals],
        mainFields: [...bundlingOptions.mainFields],
        banner: bundlingOptions.banner,
        esbuildArgs: { '--alias': aliasArguments() },
        forceDockerBundling: false,
        // Each chunk the handler imports is bundled beside it (bundling.ts), each file it reads from
        // beside itself copied, and the assets copied.
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [
            ...chunks.map((chunk) => chunkCommand(chunk, inputDir, outputDir)),
            ...besideFiles.map((file) => besideFileCommand(file, inputDir, outputDir)),
            ...assets.map((asset) => `cp "${inputDir}/${asset.from}" "${outputDir}/${asset.to}"`),
          ],
        },
      },
    });
    ignoreLintRule(
      this.function.node.defaultChild as CfnResource,
      'W3005',
      'CDK makes the function depend on its role and the role’s policy, so that no invocation runs before its grants exist; the role half is also implied by the Role attribute, which is harmless.',
    );
  }
}
