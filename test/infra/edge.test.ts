import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { cidrList, edgeRateRules, webhookProviderRoutes } from '../../infra/edge';
import { gatewayThrottle, groupAccess } from '../../infra/group-access';
import { functionGroups, routes } from '../../infra/routes';
import { pascal } from '../../infra/consumers';
import { testStacks, testStageSettings } from '../support/stage-settings';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- template reads
type Json = Record<string, any>;
type Resource = { Properties: Json };
type Rule = {
  Name: string;
  Priority: number;
  Action?: { Allow?: object; Block?: { CustomResponse: Record<string, unknown> } };
  Statement: Json;
  VisibilityConfig: { SampledRequestsEnabled: boolean };
};

/** Every stack of an app, by name: the edge's web ACL lives in a stack of its own. */
const templatesOf = (app: ReturnType<typeof testStacks>['app']): Record<string, Template> =>
  Object.fromEntries(
    app.node.children.filter(Stack.isStack).map((stack) => [stack.stackName, Template.fromStack(stack)]),
  );
let templates: Record<string, Template>;
let stacks: ReturnType<typeof testStacks>;
let edge: Template;
let stateless: Template;

beforeAll(() => {
  stacks = testStacks();
  templates = templatesOf(stacks.app);
  edge = Template.fromStack(stacks.edge);
  stateless = Template.fromStack(stacks.stateless);
});

const everywhere = (type: string): [string, Resource][] =>
  Object.entries(templates).flatMap(([stack, template]) =>
    Object.entries(template.findResources(type)).map(([id, resource]): [string, Resource] => [
      `${stack}/${id}`,
      resource as Resource,
    ]),
  );
const only = (template: Template, type: string): Resource => {
  const found = Object.values(template.findResources(type));
  expect(found).toHaveLength(1);
  return found[0] as Resource;
};
const rulesOf = (template: Template): Rule[] =>
  only(template, 'AWS::WAFv2::WebACL').Properties['Rules'] as Rule[];
const distribution = (prefix: string) => {
  const found = Object.entries(stateless.findResources('AWS::CloudFront::Distribution')).find(([id]) =>
    id.startsWith(prefix),
  );
  expect(found, prefix).toBeDefined();
  return (found?.[1] as Resource).Properties['DistributionConfig'];
};
/** What the path-prefix matches of a statement look for. */
const pathsOf = (statement: Json): string[] =>
  statement['ByteMatchStatement'] !== undefined
    ? [statement['ByteMatchStatement'].SearchString]
    : (statement['OrStatement']?.Statements ?? statement['AndStatement']?.Statements ?? []).flatMap(pathsOf);

describe('no credential in any log', () => {
  // Every distribution and load balancer serves a path or query that carries a credential: the
  // consent page `/c/{token}`, the person's routes `/consent-requests/{token}/...`, a guardian's
  // stream `?ticket=`, the business provider's handshake `?hub.verify_token=`.
  it('has no CloudFront distribution write an access log, standard or real-time', () => {
    const distributions = everywhere('AWS::CloudFront::Distribution');
    expect(distributions.length).toBeGreaterThan(0);
    for (const [id, found] of distributions) {
      const config = found.Properties['DistributionConfig'];
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

  it('keeps no sampled request in any web ACL, and no WAF log (a sample holds the URI)', () => {
    const acls = everywhere('AWS::WAFv2::WebACL');
    expect(acls.length).toBeGreaterThan(1);
    for (const [id, acl] of acls) {
      expect(acl.Properties['VisibilityConfig'].SampledRequestsEnabled, id).toBe(false);
      for (const rule of acl.Properties['Rules'] as Rule[])
        expect(rule.VisibilityConfig.SampledRequestsEnabled, `${id} ${rule.Name}`).toBe(false);
    }
    expect(everywhere('AWS::WAFv2::LoggingConfiguration')).toEqual([]);
  });
});

describe('the edge’s web ACL', () => {
  it('is made in us-east-1 with scope CLOUDFRONT, the only place CloudFront takes one from', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    expect(only(edge, 'AWS::WAFv2::WebACL').Properties['Scope']).toBe('CLOUDFRONT');
  });

  it('reaches the stage’s region through CDK’s providers, each with its template-lint suppression', () => {
    for (const template of [edge, stateless]) {
      const providers = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) =>
        id.includes('CrossRegionExport'),
      );
      expect(providers).toHaveLength(1);
      for (const [id, provider] of providers)
        expect(provider.Metadata['cfn-lint'].config.ignore_checks, id).toContain('W3005');
    }
  });

  it('counts each row of the settings with its limit, window and paths, and answers 429 past it', () => {
    const rules = rulesOf(edge);
    for (const row of edgeRateRules) {
      const rule = rules.find((one) => one.Name === row.name);
      expect(rule, row.name).toBeDefined();
      const rate = rule?.Statement['RateBasedStatement'];
      expect(rate).toMatchObject({
        Limit: row.limit,
        EvaluationWindowSec: row.windowSeconds,
        AggregateKeyType: row.per === 'ip' ? 'IP' : 'CONSTANT',
      });
      expect(pathsOf(rate.ScopeDownStatement)).toEqual(row.paths);
      expect(rule?.Action?.Block?.CustomResponse).toMatchObject({
        ResponseCode: 429,
        ResponseHeaders: [{ Name: 'retry-after', Value: String(row.windowSeconds) }],
      });
    }
    const body = only(edge, 'AWS::WAFv2::WebACL').Properties['CustomResponseBodies']['rate-limited'];
    expect(JSON.parse(body.Content)).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
  });

  it('limits sign-in, the person’s routes and the webhooks per client', () => {
    const perClient = edgeRateRules.filter((row) => row.per === 'ip').flatMap((row) => row.paths);
    expect(perClient).toEqual(expect.arrayContaining(['/auth/', '/consent-requests/', '/webhooks/']));
    // Every route of sign-in and every route of the person's counts under one of them.
    for (const route of routes.filter((one) => one.auth === 'public' && one.path !== '/health'))
      if (route.path.startsWith('/auth/') || route.path.includes('{token}'))
        expect(
          perClient.some((prefix) => route.path.startsWith(prefix)),
          route.path,
        ).toBe(true);
  });

  it('matches the path as API Gateway routes it: decoded, normalised and lower-cased', () => {
    const rate = rulesOf(edge).find((one) => one.Name === 'sign-in-per-ip')?.Statement['RateBasedStatement'];
    expect(rate.ScopeDownStatement.ByteMatchStatement).toMatchObject({
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
      TextTransformations: [
        { Priority: 0, Type: 'URL_DECODE' },
        { Priority: 1, Type: 'NORMALIZE_PATH' },
        { Priority: 2, Type: 'LOWERCASE' },
      ],
    });
  });

  it('counts an IPv6 sender by its full address: WAF cannot aggregate a /64 (the app’s limits do)', () => {
    for (const rule of rulesOf(edge).filter((one) => one.Statement['RateBasedStatement'] !== undefined)) {
      const rate = rule.Statement['RateBasedStatement'];
      expect(['IP', 'CONSTANT'], rule.Name).toContain(rate.AggregateKeyType);
      expect(rate.CustomKeys, rule.Name).toBeUndefined();
    }
  });
});

describe('the providers’ signed deliveries never starve behind unsigned traffic', () => {
  it('lets each provider’s listed addresses through on its own route, before anything is counted', () => {
    const rules = rulesOf(edge).sort((a, b) => a.Priority - b.Priority);
    const firstCounted = rules.findIndex((rule) => rule.Statement['RateBasedStatement'] !== undefined);
    const sets = edge.findResources('AWS::WAFv2::IPSet');
    for (const [provider, path] of Object.entries(webhookProviderRoutes)) {
      const index = rules.findIndex((rule) => rule.Name === `${provider}-senders`);
      expect(index, provider).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(firstCounted);
      const rule = rules[index] as Rule;
      expect(rule.Action).toEqual({ Allow: {} });
      expect(pathsOf(rule.Statement)).toEqual([path]);
      const listed = JSON.stringify(rule.Statement);
      const addresses = Object.entries(sets)
        .filter(([id]) => listed.includes(id))
        .flatMap(([, set]) => set.Properties.Addresses as string[]);
      expect(addresses.sort(), provider).toEqual(
        [
          ...(testStageSettings.webhookSenders?.[provider as keyof typeof webhookProviderRoutes] ?? []),
        ].sort(),
      );
    }
    // An IP set holds one version of addresses.
    expect(
      Object.values(sets)
        .map((set) => set.Properties.IPAddressVersion)
        .sort(),
    ).toEqual(['IPV4', 'IPV4', 'IPV6']);
  });

  it('caps all unlisted senders together at a tenth of the gateway’s throttle, so listed ones keep the rest', () => {
    const unlisted = edgeRateRules.find((row) => row.per === 'all');
    expect(unlisted?.paths).toEqual(['/webhooks/']);
    expect((unlisted?.limit ?? Infinity) / (unlisted?.windowSeconds ?? 1)).toBeLessThanOrEqual(
      gatewayThrottle.rate / 10,
    );
  });

  it('without listed addresses counts each sender only: a ceiling on all would refuse the providers too', () => {
    const { webhookSenders: _senders, ...unlisted } = testStageSettings;
    const alone = Template.fromStack(testStacks(unlisted).edge);
    alone.resourceCountIs('AWS::WAFv2::IPSet', 0);
    const names = rulesOf(alone).map((rule) => rule.Name);
    expect(names).toContain('webhooks-per-ip');
    expect(names).not.toContain('webhooks-unlisted');
    expect(names.some((name) => name.endsWith('-senders'))).toBe(false);
  });

  it('takes the listed addresses as CIDR blocks, a bare address as its own, and refuses anything else', () => {
    expect(cidrList('x', ' 203.0.113.7, 2001:db8::/48 ,198.51.100.0/24')).toEqual([
      '203.0.113.7/32',
      '2001:db8::/48',
      '198.51.100.0/24',
    ]);
    expect(cidrList('x', '2001:db8::1')).toEqual(['2001:db8::1/128']);
    expect(cidrList('x', '')).toEqual([]);
    for (const bad of ['example.com', '203.0.113.7/33', '203.0.113.7/0', '2001:db8::/129', '1.2.3.4/8/9'])
      expect(() => cidrList('sessionProviderAddresses', bad), bad).toThrow(
        /sessionProviderAddresses: entry 1/,
      );
  });
});

describe('the API and the gateway behind CloudFront', () => {
  const edgeAclArn = () => JSON.stringify(distribution('ConsentPage').WebACLId);

  it('puts every distribution behind the edge’s web ACL', () => {
    const distributions = everywhere('AWS::CloudFront::Distribution');
    expect(distributions.map(([id]) => id.split('/')[1]?.replace(/Distribution.*$/, '')).sort()).toEqual([
      'ApiEdge',
      'ConsentPage',
      'GatewayEdge',
    ]);
    // The ARN crosses regions through CDK's export reader (an SSM parameter the edge stack writes).
    expect(edgeAclArn()).toMatch(/ExportsReader.*WebAcl/);
    for (const [id, found] of distributions)
      expect(JSON.stringify(found.Properties['DistributionConfig'].WebACLId), id).toBe(edgeAclArn());
  });

  it('sends the API its callers’ token, body type and address with the origin header, and caches nothing', () => {
    const api = distribution('ApiEdge');
    const [origin] = api.Origins as { DomainName: unknown; OriginCustomHeaders: { HeaderName: string }[] }[];
    expect(JSON.stringify(origin?.DomainName)).toMatch(/ApiF70053CD.*execute-api/);
    expect(origin?.OriginCustomHeaders.map((header) => header.HeaderName)).toEqual(['x-origin-verify']);
    expect(api.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: 'https-only', Compress: false });
    stateless.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: {
        DefaultTTL: 0,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: {
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
          QueryStringsConfig: { QueryStringBehavior: 'all' },
        },
      },
    });
    stateless.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: {
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: ['CloudFront-Viewer-Address', 'Content-Type', 'Accept'],
        },
      },
    });
  });

  it('sends the gateway every header but the host (the providers’ signatures) and the query, uncached', () => {
    const gateway = distribution('GatewayEdge');
    const [origin] = gateway.Origins as { DomainName: unknown; OriginCustomHeaders?: unknown }[];
    expect(JSON.stringify(origin?.DomainName)).toMatch(/Gateway.*execute-api/);
    expect(origin?.OriginCustomHeaders).toBeUndefined();
    expect(gateway.DefaultCacheBehavior).toMatchObject({
      // CloudFront's managed CachingDisabled and AllViewerExceptHostHeader.
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
  });

  it('gives clients and providers the distributions’ addresses, the session provider its webhook there', () => {
    const outputs = stateless.findOutputs('*');
    expect(JSON.stringify(outputs['ApiUrl']?.Value)).toContain('ApiEdgeDistribution');
    expect(JSON.stringify(outputs['GatewayUrl']?.Value)).toContain('GatewayEdgeDistribution');
    const webhookUrls = Object.values(stateless.findResources('AWS::Lambda::Function'))
      .map((fn) => fn.Properties.Environment?.Variables?.['SESSION_PROVIDER_WEBHOOK_URL'])
      .filter((url) => url !== undefined);
    expect(webhookUrls.length).toBeGreaterThan(0);
    for (const url of webhookUrls) {
      expect(JSON.stringify(url)).toContain('GatewayEdgeDistribution');
      expect(JSON.stringify(url)).toContain('/webhooks/session-provider');
    }
  });
});

describe('the client address behind CloudFront', () => {
  it('is read through the origin secret by every group whose limits count it: sign-in and the person’s routes', () => {
    const counting = new Set(
      routes
        .filter((route) => route.path.startsWith('/auth/') || route.path.startsWith('/consent-requests/'))
        .map((route) => route.group),
    );
    expect([...counting].sort()).toEqual(['auth', 'consent', 'evidence', 'history', 'pairing']);
    const functions = stateless.findResources('AWS::Lambda::Function');
    for (const group of functionGroups) {
      const variables = Object.entries(functions).find(([id]) => id.startsWith(`${pascal(group)}Api`))?.[1]
        .Properties.Environment.Variables as Record<string, unknown>;
      const reads = (groupAccess[group].secrets as readonly string[]).includes('originSecret');
      expect(reads, group).toBe(counting.has(group));
      expect(variables['CLOUDFRONT_ORIGIN_HEADER'], group).toBe(
        counting.has(group) ? 'x-origin-verify' : undefined,
      );
    }
  });
});
