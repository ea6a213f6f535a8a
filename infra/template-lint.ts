import { CfnResource, type Stack } from 'aws-cdk-lib';

/**
 * A cfn-lint rule (`W3005`, `E3012`, …) that does not apply to `resource`, with the reason: the
 * template's own suppression (`Metadata.cfn-lint.config.ignore_checks`, which cfn-lint reads) next
 * to the resource, and the reason beside it (`Metadata.cfn-lint-reasons`), as cdk-nag's are.
 */
export const ignoreLintRule = (resource: CfnResource, rule: string, reason: string): void => {
  const config = (resource.getMetadata('cfn-lint') ?? { config: { ignore_checks: [] } }) as {
    config: { ignore_checks: string[] };
  };
  const reasons = (resource.getMetadata('cfn-lint-reasons') ?? {}) as Record<string, string>;
  resource.addMetadata('cfn-lint', {
    config: { ignore_checks: [...new Set([...config.config.ignore_checks, rule])] },
  });
  resource.addMetadata('cfn-lint-reasons', { ...reasons, [rule]: reason });
};

/**
 * CDK's own provider functions (the bucket deployment, the auto-delete of objects) depend on their
 * role as CDK's functions do (W3005): the same reason, on each of them in `stack`.
 */
export const ignoreLintOnCdkProviders = (stack: Stack): void => {
  const ignore = () => {
    for (const child of stack.node.findAll())
      if (
        child instanceof CfnResource &&
        child.cfnResourceType === 'AWS::Lambda::Function' &&
        child.node.path.includes('/Custom::')
      )
        ignoreLintRule(
          child,
          'W3005',
          'A provider function of CDK’s own depends on its role so that it never runs before its grants exist; the role half is also implied by the Role attribute, which is harmless.',
        );
  };
  ignore();
  // The cross-region references' reader and writer are made when CDK resolves references, after
  // every constructor has run: again then (validation runs after that).
  stack.node.addValidation({
    validate: () => {
      ignore();
      return [];
    },
  });
};
