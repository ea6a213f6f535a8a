import { createValidatedPolicy, validateResourcePolicy } from '@cloud-copilot/iam-policy';
import { runSimulation, runUnsafeSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import type { DeployedTemplates, Json } from './deployed-templates';

/** One AWS API call as IAM authorises it: the action, the resource's ARN and the request's context. */
export interface IamRequest {
  action: string;
  resource: string;
  context?: Record<string, string | string[]>;
}

export type Decision = 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied';

type PolicyDocument = { Version?: string; Statement: Json[] };

/**
 * Evaluates requests of the deployed stacks' roles as AWS would, with a maintained evaluator
 * (`@cloud-copilot/iam-simulate`): the role's identity policies, the resource's own policy (a KMS key
 * policy, a queue's, a bucket's, a secret's), the conditions on both, and KMS's rule that a key
 * trusts IAM only where its key policy says so.
 */
export class AccessSimulator {
  private readonly resourcePolicies = new Map<string, PolicyDocument>();

  constructor(private readonly deployed: DeployedTemplates) {
    for (const stack of Object.keys(deployed.templates)) {
      const resolved = (value: Json) => deployed.resolve(stack, value);
      for (const [id, key] of deployed.resources(stack, 'AWS::KMS::Key'))
        this.resourcePolicies.set(
          String(deployed.getAtt(stack, id, 'Arn')),
          resolved(key.Properties?.KeyPolicy as Json) as PolicyDocument,
        );
      const queueArns = new Map(
        deployed
          .resources(stack, 'AWS::SQS::Queue')
          .map(([id]) => [String(deployed.ref(stack, id)), String(deployed.getAtt(stack, id, 'Arn'))]),
      );
      for (const [, policy] of deployed.resources(stack, 'AWS::SQS::QueuePolicy'))
        for (const url of resolved(policy.Properties?.Queues as Json) as string[]) {
          const arn = queueArns.get(url);
          if (arn !== undefined)
            this.resourcePolicies.set(
              arn,
              resolved(policy.Properties?.PolicyDocument as Json) as PolicyDocument,
            );
        }
      for (const [, policy] of deployed.resources(stack, 'AWS::S3::BucketPolicy'))
        this.resourcePolicies.set(
          `arn:aws:s3:::${String(resolved(policy.Properties?.Bucket as Json)).toLowerCase()}`,
          resolved(policy.Properties?.PolicyDocument as Json) as PolicyDocument,
        );
      for (const [, policy] of deployed.resources(stack, 'AWS::SecretsManager::ResourcePolicy'))
        this.resourcePolicies.set(
          String(resolved(policy.Properties?.SecretId as Json)),
          resolved(policy.Properties?.ResourcePolicy as Json) as PolicyDocument,
        );
    }
  }

  /** A role's ARN and its identity policies (inline and attached), resolved. */
  roleOf(stack: string, roleLogicalId: string): { arn: string; policies: PolicyDocument[] } {
    const { deployed } = this;
    const role = deployed.templates[stack]?.Resources[roleLogicalId];
    if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${stack}: ${roleLogicalId} is not a role`);
    const inline = ((role.Properties?.Policies ?? []) as { PolicyDocument: Json }[]).map(
      (policy) => deployed.resolve(stack, policy.PolicyDocument) as PolicyDocument,
    );
    const attached = deployed
      .resources(stack, 'AWS::IAM::Policy')
      .filter(([, policy]) =>
        ((policy.Properties?.Roles ?? []) as Json[]).some(
          (roleRef) => JSON.stringify(roleRef) === JSON.stringify({ Ref: roleLogicalId }),
        ),
      )
      .map(
        ([, policy]) => deployed.resolve(stack, policy.Properties?.PolicyDocument as Json) as PolicyDocument,
      );
    return {
      arn: String(deployed.getAtt(stack, roleLogicalId, 'Arn')),
      policies: [...inline, ...attached],
    };
  }

  /** The role a function runs as. */
  functionRole(stack: string, functionLogicalId: string): { arn: string; policies: PolicyDocument[] } {
    const fn = this.deployed.templates[stack]?.Resources[functionLogicalId];
    const role = fn?.Properties?.Role as { 'Fn::GetAtt': [string, string] } | undefined;
    if (role === undefined) throw new Error(`${stack}: ${functionLogicalId} has no role`);
    return this.roleOf(stack, role['Fn::GetAtt'][0]);
  }

  private resourcePolicyFor(resource: string): PolicyDocument | undefined {
    const own = this.resourcePolicies.get(resource);
    if (own !== undefined) return own;
    if (resource.startsWith('arn:aws:s3:::')) return this.resourcePolicies.get(resource.split('/')[0] ?? '');
    return undefined;
  }

  async decide(role: { arn: string; policies: PolicyDocument[] }, request: IamRequest): Promise<Decision> {
    const resourcePolicy = this.resourcePolicyFor(request.resource);
    const simulation: Simulation = {
      identityPolicies: role.policies.map((policy, index) => ({ name: `policy${index}`, policy })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(resourcePolicy === undefined ? {} : { resourcePolicy }),
      request: {
        principal: role.arn,
        action: request.action,
        resource: { resource: request.resource, accountId: this.deployed.account },
        contextVariables: {
          'aws:SecureTransport': 'true',
          'aws:PrincipalAccount': this.deployed.account,
          'aws:SourceAccount': this.deployed.account,
          ...request.context,
        },
      },
    } as Simulation;
    const response = await runSimulation(simulation, {});
    if (response.resultType === 'error')
      throw new Error(`${request.action} on ${request.resource}: ${JSON.stringify(response.errors)}`);
    if (response.resultType !== 'single') throw new Error(`${request.action}: one resource, not a pattern`);
    // The validated entry point drops context keys it does not know for the action, and it does not
    // yet know KMS's templated `kms:EncryptionContext:<name>` (it matches `/` templates only): such a
    // request is decided again by the unvalidated entry point, with every key, once the validated one
    // has checked the policies, the action and the resource. Any other dropped key is a mistake of
    // ours (a key AWS would not send) and fails the test.
    const ignored = response.result.ignoredContextKeys ?? [];
    const unknown = ignored.filter((key) => !key.toLowerCase().startsWith('kms:encryptioncontext:'));
    if (unknown.length > 0) throw new Error(`${request.action} does not take ${unknown.join(', ')}`);
    if (ignored.length === 0) return response.overallResult as Decision;
    return runUnsafeSimulation(
      {
        ...simulation,
        // The unvalidated entry point names a resource policy by its metadata: give it one.
        ...(resourcePolicy === undefined
          ? {}
          : {
              resourcePolicy: createValidatedPolicy(resourcePolicy, validateResourcePolicy, {
                name: 'resource',
              }),
            }),
      } as Simulation,
      {},
    ) as Decision;
  }
}
