import { isIPv4 } from 'node:net';
import { CfnIPSet, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { fail } from '../../shared/domain/errors';
import {
  edgeRateRules,
  webhookProviderRoutes,
  type EdgeRateRule,
  type WebhookProvider,
  type WebhookSenders,
} from '../edge';

export interface EdgeAclProps {
  stage: string;
  /** The providers' webhook addresses: let through on their own route, never counted. */
  webhookSenders: WebhookSenders;
}

type Statement = CfnWebACL.StatementProperty;

/** The path as API Gateway routes it, whatever its spelling: decoded, `//` and `..` resolved, lower-cased. */
const pathStartsWith = (prefix: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [
      { priority: 0, type: 'URL_DECODE' },
      { priority: 1, type: 'NORMALIZE_PATH' },
      { priority: 2, type: 'LOWERCASE' },
    ],
  },
});
const anyOf = (statements: Statement[]): Statement =>
  statements.length === 1 ? (statements[0] as Statement) : { orStatement: { statements } };

/**
 * No sampled requests anywhere: a sample keeps the request's URI and headers, and the person's link
 * token is in the path (docs/infrastructure.md "No credential in any log").
 */
const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: false,
});

const rateLimitedBody = 'rate-limited';

/**
 * The edge's web ACL (scope CLOUDFRONT, so it lives in us-east-1): in front of the API, the gateway
 * and the consent page. In order: the providers' listed addresses pass on their own webhook route;
 * AWS's IP reputation list blocks known bad sources; then each row of `edgeRateRules` counts its
 * paths per client and answers 429 in the API's envelope past its limit.
 */
export class EdgeAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeAclProps) {
    super(scope, id);
    const listed = (Object.keys(webhookProviderRoutes) as WebhookProvider[])
      .map((provider) => ({ provider, cidrs: props.webhookSenders[provider] ?? [] }))
      .filter(({ cidrs }) => cidrs.length > 0);

    const senderRules = listed.map(({ provider, cidrs }, priority): CfnWebACL.RuleProperty => {
      const sets = (['IPV4', 'IPV6'] as const)
        .map((version) => ({
          version,
          addresses: cidrs.filter((cidr) => isIPv4(cidr.split('/')[0] ?? '') === (version === 'IPV4')),
        }))
        .filter(({ addresses }) => addresses.length > 0)
        .map(
          ({ version, addresses }) =>
            new CfnIPSet(this, `${provider}${version === 'IPV4' ? 'V4' : 'V6'}`, {
              scope: 'CLOUDFRONT',
              ipAddressVersion: version,
              addresses,
              description: `${props.stage}: webhook senders of the ${provider}`,
            }),
        );
      return {
        name: `${provider}-senders`,
        priority,
        action: { allow: {} },
        statement: {
          andStatement: {
            statements: [
              pathStartsWith(webhookProviderRoutes[provider]),
              anyOf(sets.map((set) => ({ ipSetReferenceStatement: { arn: set.attrArn } }))),
            ],
          },
        },
        visibilityConfig: visibility(`${props.stage}-edge-${provider}-senders`),
      };
    });

    const reputation: CfnWebACL.RuleProperty = {
      name: 'AWSManagedRulesAmazonIpReputationList',
      priority: senderRules.length,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' },
      },
      visibilityConfig: visibility(`${props.stage}-edge-ip-reputation`),
    };

    // Counting all senders at once only helps when the providers are told apart: otherwise it
    // would refuse their deliveries with the flood, as the gateway's throttle already does.
    const rateRules = (edgeRateRules as readonly EdgeRateRule[])
      .filter((row) => row.per === 'ip' || listed.length > 0)
      .map((row, index): CfnWebACL.RuleProperty => ({
        name: row.name,
        priority: senderRules.length + 1 + index,
        action: {
          block: {
            customResponse: {
              responseCode: 429,
              customResponseBodyKey: rateLimitedBody,
              responseHeaders: [{ name: 'retry-after', value: String(row.windowSeconds) }],
            },
          },
        },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: row.per === 'ip' ? 'IP' : 'CONSTANT',
            limit: row.limit,
            evaluationWindowSec: row.windowSeconds,
            scopeDownStatement: anyOf(row.paths.map(pathStartsWith)),
          },
        },
        visibilityConfig: visibility(`${props.stage}-edge-${row.name}`),
      }));

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      // CloudFormation takes letters, digits, spaces and =:#@/-,. only here.
      description: `${props.stage}: per-client limits at the edge, infra/edge.ts`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.stage}-edge`),
      customResponseBodies: {
        [rateLimitedBody]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ success: false, error: fail('RATE_LIMITED').toJSON() }),
        },
      },
      rules: [...senderRules, reputation, ...rateRules],
    });
  }
}
