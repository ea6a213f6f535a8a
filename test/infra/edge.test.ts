import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStacks } from '../support/stage-settings';

type Resource = { Properties: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- template reads

/** Every stack of the app, by name: the edge's web ACLs live in a stack of their own. */
let templates: Record<string, Template>;

beforeAll(() => {
  const { app } = testStacks();
  templates = Object.fromEntries(
    app.node.children.filter(Stack.isStack).map((stack) => [stack.stackName, Template.fromStack(stack)]),
  );
});

const everywhere = (type: string): [string, Resource][] =>
  Object.entries(templates).flatMap(([stack, template]) =>
    Object.entries(template.findResources(type)).map(([id, resource]) => [
      `${stack}/${id}`,
      resource as Resource,
    ]),
  );

describe('no credential in any log', () => {
  // Every distribution and load balancer serves a path or query that carries a credential: the
  // consent page `/c/{token}`, the person's routes `/consent-requests/{token}/...`, a guardian's
  // stream `?ticket=`, the business provider's handshake `?hub.verify_token=`.
  it('has no CloudFront distribution write an access log, standard or real-time', () => {
    const distributions = everywhere('AWS::CloudFront::Distribution');
    expect(distributions.length).toBeGreaterThan(0);
    for (const [id, distribution] of distributions) {
      const config = distribution.Properties['DistributionConfig'];
      expect(config.Logging, id).toBeUndefined();
      for (const behaviour of [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])])
        expect(behaviour.RealtimeLogConfigArn, id).toBeUndefined();
    }
    expect(everywhere('AWS::CloudFront::RealtimeLogConfig')).toEqual([]);
    // CloudFront's newer logs are a delivery source of its distribution.
    expect(everywhere('AWS::Logs::DeliverySource')).toEqual([]);
  });

  it('has no load balancer write an access log (its lines hold the request line); connections only', () => {
    const balancers = everywhere('AWS::ElasticLoadBalancingV2::LoadBalancer');
    expect(balancers.length).toBeGreaterThan(0);
    for (const [id, balancer] of balancers) {
      const attributes = (balancer.Properties['LoadBalancerAttributes'] ?? []) as {
        Key: string;
        Value: string;
      }[];
      const attribute = (key: string) => attributes.find((one) => one.Key === key)?.Value;
      expect(attribute('access_logs.s3.enabled') ?? 'false', id).toBe('false');
      expect(attribute('connection_logs.s3.enabled'), id).toBe('true');
    }
  });
});
