/**
 * The synthesized templates as AWS would see them deployed: every intrinsic (`Ref`, `Fn::GetAtt`,
 * `Fn::ImportValue`, `Fn::Join`, `Fn::Sub`, …) resolved to a concrete value in one fixed account and
 * region, so that an IAM evaluator can read the policies as they would stand. Physical names are the
 * resources' own name properties where set, their logical ids otherwise: what matters is that a
 * policy's resource and the resource it names resolve to the same string.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export interface CfnResource {
  Type: string;
  Properties?: Record<string, Json>;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: Json; Export?: { Name: Json } }>;
  Parameters?: Record<string, { Default?: Json }>;
}

const nameProperty: Record<string, string> = {
  'AWS::DynamoDB::GlobalTable': 'TableName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::Scheduler::ScheduleGroup': 'Name',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::SNS::Topic': 'TopicName',
};

export class DeployedTemplates {
  readonly templates: Record<string, CfnTemplate>;
  private readonly exports = new Map<string, { stack: string; value: Json }>();

  constructor(
    templates: Record<string, CfnTemplate>,
    readonly account = '123456789012',
    readonly region = 'sa-east-1',
  ) {
    this.templates = templates;
    for (const [stack, template] of Object.entries(templates))
      for (const output of Object.values(template.Outputs ?? {}))
        if (output.Export !== undefined)
          this.exports.set(String(this.resolve(stack, output.Export.Name)), { stack, value: output.Value });
  }

  /** The resource of `stack` whose logical id is `prefix` and CDK's hash of its path, and only one. */
  logicalId(stack: string, prefix: string, type?: string): string {
    const found = Object.entries(this.template(stack).Resources)
      .filter(
        ([id, resource]) =>
          (id === prefix || (id.startsWith(prefix) && /^[0-9A-F]{8}$/.test(id.slice(prefix.length)))) &&
          (type === undefined || resource.Type === type),
      )
      .map(([id]) => id);
    if (found.length !== 1) throw new Error(`${stack}: ${found.length} resources named ${prefix}*`);
    return found[0] as string;
  }

  resources(stack: string, type: string): [string, CfnResource][] {
    return Object.entries(this.template(stack).Resources).filter(([, resource]) => resource.Type === type);
  }

  private template(stack: string): CfnTemplate {
    const template = this.templates[stack];
    if (template === undefined) throw new Error(`no stack ${stack}`);
    return template;
  }

  /** The physical name a resource would get: its name property, or its logical id. */
  physicalName(stack: string, logicalId: string): string {
    const resource = this.template(stack).Resources[logicalId];
    if (resource === undefined) throw new Error(`${stack}: no resource ${logicalId}`);
    const property = nameProperty[resource.Type];
    const named = property === undefined ? undefined : resource.Properties?.[property];
    return named === undefined ? logicalId : String(this.resolve(stack, named));
  }

  private arn(service: string, resource: string, region = this.region, account = this.account) {
    return `arn:aws:${service}:${region}:${account}:${resource}`;
  }

  ref(stack: string, name: string): Json {
    const pseudo: Record<string, string> = {
      'AWS::AccountId': this.account,
      'AWS::Region': this.region,
      'AWS::Partition': 'aws',
      'AWS::URLSuffix': 'amazonaws.com',
      'AWS::StackName': stack,
      'AWS::NoValue': '',
    };
    if (name in pseudo) return pseudo[name] as string;
    const parameter = this.template(stack).Parameters?.[name];
    if (parameter !== undefined) return parameter.Default ?? name;
    const resource = this.template(stack).Resources[name];
    if (resource === undefined) throw new Error(`${stack}: Ref to unknown ${name}`);
    const physical = this.physicalName(stack, name);
    switch (resource.Type) {
      case 'AWS::SQS::Queue':
        return `https://sqs.${this.region}.amazonaws.com/${this.account}/${physical}`;
      case 'AWS::SecretsManager::Secret':
        return this.arn('secretsmanager', `secret:${physical}-AbCdEf`);
      case 'AWS::SNS::Topic':
        return this.arn('sns', physical);
      case 'AWS::S3::Bucket':
        // Bucket names are lower case.
        return physical.toLowerCase();
      default:
        return physical;
    }
  }

  getAtt(stack: string, logicalId: string, attribute: string): Json {
    const resource = this.template(stack).Resources[logicalId];
    if (resource === undefined) throw new Error(`${stack}: GetAtt of unknown ${logicalId}`);
    const name = this.physicalName(stack, logicalId);
    if (attribute === 'Arn')
      switch (resource.Type) {
        case 'AWS::DynamoDB::GlobalTable':
        case 'AWS::DynamoDB::Table':
          return this.arn('dynamodb', `table/${name}`);
        case 'AWS::KMS::Key':
          return this.arn('kms', `key/${name}`);
        case 'AWS::SQS::Queue':
          return this.arn('sqs', name);
        case 'AWS::IAM::Role':
          return `arn:aws:iam::${this.account}:role/${name}`;
        case 'AWS::Lambda::Function':
          return this.arn('lambda', `function:${name}`);
        case 'AWS::S3::Bucket':
          return `arn:aws:s3:::${name.toLowerCase()}`;
        case 'AWS::Scheduler::ScheduleGroup':
          return this.arn('scheduler', `schedule-group/${name}`);
        case 'AWS::Cognito::UserPool':
          return this.arn('cognito-idp', `userpool/${name}`);
        case 'AWS::SecretsManager::Secret':
          return this.ref(stack, logicalId);
        default:
          return `${name}.Arn`;
      }
    if (attribute === 'StreamArn')
      return this.arn('dynamodb', `table/${name}/stream/2026-01-01T00:00:00.000`);
    if (attribute === 'QueueUrl') return this.ref(stack, logicalId);
    if (attribute === 'QueueName') return name;
    return `${name}.${attribute}`;
  }

  /** `value` with every intrinsic of `stack` resolved. */
  resolve(stack: string, value: Json): Json {
    if (Array.isArray(value)) return value.map((item) => this.resolve(stack, item));
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const [key] = keys as [string];
      const argument = value[key] as Json;
      const args = () => this.resolve(stack, argument) as Json[];
      switch (key) {
        case 'Ref':
          return this.ref(stack, String(argument));
        case 'Fn::GetAtt': {
          const [id, attribute] = Array.isArray(argument)
            ? (argument as string[])
            : String(argument).split(/\.(.*)/);
          return this.getAtt(stack, String(id), String(attribute));
        }
        case 'Fn::ImportValue': {
          const name = String(this.resolve(stack, argument));
          const exported = this.exports.get(name);
          if (exported === undefined) throw new Error(`no export ${name}`);
          return this.resolve(exported.stack, exported.value);
        }
        case 'Fn::Join': {
          const [separator, parts] = args() as [string, Json[]];
          return parts.map(String).join(separator);
        }
        case 'Fn::Select': {
          const [index, list] = args() as [number, Json[]];
          return list[Number(index)] ?? '';
        }
        case 'Fn::Split': {
          const [separator, text] = args() as [string, string];
          return String(text).split(separator);
        }
        case 'Fn::GetAZs':
          return ['a', 'b', 'c'].map((zone) => `${this.region}${zone}`);
        case 'Fn::Sub': {
          const [text, variables = {}] = (Array.isArray(argument) ? argument : [argument]) as [
            string,
            Record<string, Json>?,
          ];
          return text.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
            if (name in variables) return String(this.resolve(stack, variables[name] as Json));
            const [id, attribute] = name.split(/\.(.*)/);
            return String(
              attribute === undefined || attribute === ''
                ? this.ref(stack, name)
                : this.getAtt(stack, String(id), attribute),
            );
          });
        }
        default:
          break;
      }
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(stack, v)]));
  }
}
