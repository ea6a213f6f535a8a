import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ViewerProtocolPolicy,
  type ICachePolicy,
  type IOriginRequestPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';

/** What a distribution passes on to the HTTP API behind it. */
export type ApiTraffic =
  /**
   * Guardians' and the person's calls: the bearer token, the body's type and the viewer's address,
   * with the origin header the functions believe that address by (docs/client-ip.md).
   */
  | { kind: 'api'; originHeader: string; originSecret: ISecret }
  /**
   * Providers' webhooks: every header but the host (each provider signs in a header of its own) and
   * the query (Meta's handshake). No function behind it reads the sender's address.
   */
  | { kind: 'webhooks' };

export interface ApiDistributionProps {
  api: HttpApi;
  comment: string;
  traffic: ApiTraffic;
  /** The edge's web ACL (scope CLOUDFRONT, the edge stack's in us-east-1). */
  webAclArn: string;
}

/**
 * A CloudFront distribution in front of an HTTP API, which cannot carry a web ACL itself: the edge's
 * web ACL counts each client there (docs/adr/0002-the-apis-behind-cloudfront.md). Nothing is cached
 * and nothing is logged (a path may carry a credential).
 */
export class ApiDistribution extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: ApiDistributionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const apiDomain = `${props.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    const { traffic } = props;
    const policies: { cachePolicy: ICachePolicy; originRequestPolicy: IOriginRequestPolicy } =
      traffic.kind === 'api'
        ? {
            // CloudFront passes `Authorization` only as part of a cache key, and a cache key needs a
            // TTL above zero: none by default (the API sends no max-age), keyed by the token and the
            // query if the API ever did, so one caller's answer never reaches another.
            cachePolicy: new CachePolicy(this, 'CacheKey', {
              comment: 'API: nothing cached; the bearer token passed on (as a cache key)',
              defaultTtl: Duration.seconds(0),
              minTtl: Duration.seconds(0),
              maxTtl: Duration.seconds(1),
              headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
              queryStringBehavior: CacheQueryStringBehavior.all(),
              cookieBehavior: CacheCookieBehavior.none(),
            }),
            originRequestPolicy: new OriginRequestPolicy(this, 'Forwarded', {
              comment: "API: the body's type and the viewer's address, never the host",
              headerBehavior: OriginRequestHeaderBehavior.allowList(
                'CloudFront-Viewer-Address',
                'Content-Type',
                'Accept',
              ),
              queryStringBehavior: OriginRequestQueryStringBehavior.all(),
              cookieBehavior: OriginRequestCookieBehavior.none(),
            }),
          }
        : {
            cachePolicy: CachePolicy.CACHING_DISABLED,
            originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          };
    const origin = new HttpOrigin(apiDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      ...(traffic.kind === 'api'
        ? {
            customHeaders: {
              [traffic.originHeader]: traffic.originSecret
                .secretValueFromJson('cloudFrontOriginSecret')
                .unsafeUnwrap(),
            },
          }
        : {}),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: props.comment,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_ALL,
      webAclId: props.webAclArn,
      enableLogging: false,
      defaultBehavior: {
        origin,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        ...policies,
        compress: false,
      },
    });
    acknowledge(
      this.distribution,
      'CFR1',
      'Families, the people they protect and the providers’ senders are anywhere: who may call is decided by a token or a signature, not by a country.',
    );
    acknowledge(
      this.distribution,
      'CFR3',
      'Its access log would write each request’s path and query, where the person’s link token and Meta’s verify token travel: a credential kept for 90 days. API Gateway logs each request by its route template instead, and the web ACL counts what the edge refuses.',
    );
    acknowledge(
      this.distribution,
      'CFR4',
      'On CloudFront’s own domain the viewer TLS policy is CloudFront’s fixed one and cannot be raised; a host of our own with its certificate would allow TLS 1.2 at least.',
    );
  }
}
