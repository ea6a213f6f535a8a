import { Template } from 'aws-cdk-lib/assertions';
import { consumerFunctionId, consumers } from '../../infra/consumers';
import { statefulStack, statelessStack } from '../support/iam/declared-requests';
import { DeployedTemplates, type CfnTemplate } from '../support/iam/deployed-templates';
import { testStacks } from '../support/stage-settings';

/**
 * A worker's environment as its function has it in AWS: the variables of the synthesized template
 * (without bundling, about 2 s), every intrinsic resolved as the access tests resolve them. The bench
 * starts the worker with them, not with the local stack's (which gives every function every variable,
 * the proxies' and the operators' JSON among them), so its cold start parses what the Lambda's does.
 */
export const workerEnvironment = (name: string): Record<string, string> => {
  const row = consumers.find((consumer) => consumer.name === name);
  if (row === undefined) throw new Error(`no consumer ${name}`);
  const { stateful, stateless } = testStacks();
  const deployed = new DeployedTemplates({
    [statefulStack]: Template.fromStack(stateful).toJSON() as CfnTemplate,
    [statelessStack]: Template.fromStack(stateless).toJSON() as CfnTemplate,
  });
  const id = deployed.logicalId(
    statelessStack,
    `${consumerFunctionId(row)}Function`,
    'AWS::Lambda::Function',
  );
  const environment = deployed.templates[statelessStack]?.Resources[id]?.Properties?.['Environment'];
  const variables =
    typeof environment === 'object' && environment !== null && !Array.isArray(environment)
      ? environment['Variables']
      : undefined;
  if (variables === undefined || variables === null) throw new Error(`${id} has no environment`);
  const resolved = deployed.resolve(statelessStack, variables);
  return Object.fromEntries(
    Object.entries(resolved as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
};
