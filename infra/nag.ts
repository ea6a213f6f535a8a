import { Stack, Validations, type App } from 'aws-cdk-lib';
import { Policy, type PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AWS Solutions rules on every stack of `app`: `cdk synth` fails on any finding that is
 * not acknowledged, and every acknowledgment says why, next to the resource it is about.
 */
export const applyNagChecks = (app: App): AwsSolutionsChecks => {
  const checks = new AwsSolutionsChecks(app);
  Validations.of(app).addPlugins(checks);
  return checks;
};

/** A rule of the AWS Solutions pack (`APIG4`, or a finding of one: `IAM5[Resource::*]`). */
export type NagRule =
  `${'APIG' | 'CFR' | 'DDB' | 'EC' | 'ECS' | 'ELB' | 'IAM' | 'L' | 'S' | 'SMG' | 'SQS' | 'VPC'}${string}`;

/** Acknowledges `rule` on `scope` and everything under it, with the reason it does not apply there. */
export const acknowledge = (scope: IConstruct, rule: NagRule, reason: string): void =>
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });

/**
 * Acknowledges, on `scope` (the grantee), each wildcard of `statement` (cdk-nag reports each as a
 * finding of its own, named by the action or the resource as the template spells it): for a
 * wildcard that is the narrowest form the service allows (a prefix of object keys, of schedule
 * names, of a platform application's endpoints, or an action without resource-level permissions).
 */
export const acknowledgeWildcards = (scope: IConstruct, statement: PolicyStatement, reason: string): void =>
  acknowledgeStatementWildcards(policyOwner(scope), statement.toStatementJson(), reason);

/** A function's grants land in its role's policy, which need not sit under the function. */
const policyOwner = (scope: IConstruct): IConstruct =>
  scope instanceof LambdaFunction && scope.role !== undefined ? scope.role : scope;

/** The same for every statement of every policy under `scope` (a construct of CDK's own, e.g.). */
export const acknowledgePolicyWildcards = (scope: IConstruct, reason: string): void => {
  for (const child of scope.node.findAll()) {
    if (!(child instanceof Policy)) continue;
    const document = Stack.of(child).resolve(child.document.toJSON()) as
      { Statement?: unknown[] } | undefined;
    for (const statement of document?.Statement ?? [])
      acknowledgeStatementWildcards(scope, statement, reason);
  }
};

const acknowledgeStatementWildcards = (scope: IConstruct, statement: unknown, reason: string): void => {
  acknowledgeFindings(scope, statement, reason);
  // A reference to another stack's resource becomes an import at synthesis, and the finding is named
  // by it then: named again once references are resolved (validation runs after that).
  scope.node.addValidation({
    validate: () => {
      acknowledgeFindings(scope, statement, reason);
      return [];
    },
  });
};

const acknowledgeFindings = (scope: IConstruct, statement: unknown, reason: string): void => {
  const json = Stack.of(scope).resolve(statement) as { Action?: unknown; Resource?: unknown };
  const actions = [json.Action ?? []].flat().filter((action): action is string => typeof action === 'string');
  for (const action of actions.filter((one) => one.includes('*')))
    acknowledge(scope, `IAM5[Action::${action}]`, reason);
  const resources = [json.Resource ?? []].flat().map((resource) => flattenCfnReference(resource));
  for (const resource of resources.filter((one) => one.includes('*')))
    acknowledge(scope, `IAM5[Resource::${resource}]`, reason);
};
