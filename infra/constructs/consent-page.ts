import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginRequestCookieBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type CfnBucket,
} from 'aws-cdk-lib/aws-s3';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { logBucket } from './log-bucket';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge, acknowledgePolicyWildcards } from '../nag';
import { ensureConsentPage } from '../../web/consent-page/build';
import { contentSecurityPolicy, hstsSeconds, securityHeaders } from '../../web/consent-page/headers';

export interface ConsentPageProps {
  /** The API's host name (API Gateway's execute-api domain). */
  apiDomain: string;
  /** The relay's host name, as its HTTPS certificate names it. */
  relayDomain: string;
  /** Holds `cloudFrontOriginSecret`: the origins believe the viewer's address only with it. */
  originSecret: ISecret;
  /** The custom origin header's name (`CLOUDFRONT_ORIGIN_HEADER`, docs/client-ip.md). */
  originHeader: string;
  /** The links' host name and its us-east-1 certificate; without them, CloudFront's own domain. */
  domain?: { name: string; certificateArn: string };
  /** The edge's web ACL (scope CLOUDFRONT, the edge stack's in us-east-1): the person's routes' limits. */
  webAclArn: string;
}

/**
 * The consent page (web/consent-page): its static build in a private bucket read by CloudFront
 * through origin access control, and the person's routes on the same distribution, so the page
 * calls its own origin (no CORS): `/consent-requests/{token}/events` to the relay, every other
 * `/consent-requests/...` to the API. Every answer carries the page's security headers.
 */
export class ConsentPage extends Construct {
  readonly distribution: Distribution;
  readonly bucket: Bucket;
  readonly logs: Bucket;

  constructor(scope: Construct, id: string, props: ConsentPageProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    // The bucket's access logs: CloudFront asks it for `/index.html` and `/assets/...` only (the
    // page's function rewrites `/c/{token}` before the origin), so no token reaches them. S3 writes
    // them by the bucket's policy, not an ACL (CloudFront's own logs needed one; they are off).
    this.logs = logBucket(this, 'Logs');
    acknowledge(
      this.logs,
      'S1',
      'A log bucket itself: only S3 writes the page bucket’s access logs to it, and logging its own accesses would log the logging.',
    );
    (this.bucket.node.defaultChild as CfnBucket).loggingConfiguration = {
      destinationBucketName: this.logs.bucketName,
      logFilePrefix: 's3/',
    };
    this.logs.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.logs.arnForObjects('s3/*')],
        conditions: {
          ArnLike: { 'aws:SourceArn': this.bucket.bucketArn },
          StringEquals: { 'aws:SourceAccount': Stack.of(this).account },
        },
      }),
    );

    const headers = new ResponseHeadersPolicy(this, 'Headers', {
      comment: 'consent page: strict CSP, no referrer (the token is in the URL), HSTS',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hstsSeconds),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'permissions-policy', value: securityHeaders['permissions-policy'], override: true },
        ],
      },
    });

    // The origins believe `CloudFront-Viewer-Address` only beside this header (docs/client-ip.md).
    const customHeaders = {
      [props.originHeader]: props.originSecret.secretValueFromJson('cloudFrontOriginSecret').unsafeUnwrap(),
    };
    const personRoutes = new OriginRequestPolicy(this, 'PersonRoutes', {
      comment: "the person's routes: the viewer's address, content type and SSE resume, never the host",
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        'CloudFront-Viewer-Address',
        'Content-Type',
        'Last-Event-ID',
        'Accept',
      ),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    const toOrigin = (origin: HttpOrigin, methods: AllowedMethods): BehaviorOptions => ({
      origin,
      allowedMethods: methods,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: personRoutes,
      responseHeadersPolicy: headers,
      compress: false,
    });
    const https = { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY, customHeaders };

    // `/c/{token}` is the page itself: the one HTML file, whatever the token.
    const pageOfLink = new EdgeFunction(this, 'PageOfLink', {
      comment: 'serves index.html for /c/{token}',
      code: FunctionCode.fromInline(
        "function handler(event) { var r = event.request; if (r.uri.indexOf('/c/') === 0) { r.uri = '/index.html'; } return r; }",
      ),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'family protection: the consent page',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_ALL,
      // TLS 1.2 at least on the links' host (CloudFront's own domain keeps its fixed policy).
      ...(props.domain === undefined
        ? {}
        : {
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            domainNames: [props.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
          }),
      webAclId: props.webAclArn,
      // No access log: its lines would hold `/c/{token}` and `/consent-requests/{token}/...`, the
      // person's credential (docs/infrastructure.md "No credential in any log").
      enableLogging: false,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: pageOfLink, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // More specific first: CloudFront takes the first pattern that matches.
        '/consent-requests/*/events': toOrigin(
          new HttpOrigin(props.relayDomain, { ...https, readTimeout: Duration.seconds(60) }),
          AllowedMethods.ALLOW_GET_HEAD,
        ),
        '/consent-requests/*': toOrigin(new HttpOrigin(props.apiDomain, https), AllowedMethods.ALLOW_ALL),
      },
    });

    // The build is made at synth (Vite, within its size budget) and copied on deploy; the HTML is
    // never cached, so a new build reaches the next visitor.
    new BucketDeployment(this, 'Deploy', {
      sources: [Source.asset(ensureConsentPage().folder, { exclude: ['build.json', 'manifest.json'] })],
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/assets/*'],
      cacheControl: [],
      memoryLimit: 256,
    });
    // CDK's own deployment function (one per stack, beside this construct): it runs at deploy only.
    const deployer = Stack.of(this)
      .node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'))
      .at(-1);
    if (deployer !== undefined) {
      const reason =
        'CDK’s own function that copies the page’s build at deploy time: its runtime, managed execution policy and S3 grants (the asset bucket’s objects, this bucket’s objects, CloudFront invalidation) are CDK’s, and it never runs outside a deployment.';
      for (const rule of [
        'L1',
        'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      ] as const)
        acknowledge(deployer, rule, reason);
      acknowledgePolicyWildcards(deployer, reason);
    }
    acknowledge(
      this.distribution,
      'CFR3',
      'Its access log would write each request’s path, and the consent link’s token is in the page’s and the person’s routes’ paths: a credential kept for 90 days. API Gateway logs each API request by its route template instead, and the web ACL counts what the edge refuses.',
    );
    acknowledge(
      this.distribution,
      'CFR1',
      'Families and the people they protect travel: who may open a consent link is decided by its token, not by a country.',
    );
    if (props.domain === undefined)
      acknowledge(
        this.distribution,
        'CFR4',
        'On CloudFront’s own domain (no `consentPageCertificateArn` given) the viewer TLS policy is CloudFront’s fixed one and cannot be raised; with the links’ host and its certificate it is TLS 1.2 at least.',
      );
  }
}
