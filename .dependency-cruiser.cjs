/** Layering (docs/testing.md): dependencies point inward; the domain is pure. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'shared/domain imports no AWS SDK, no middy, no Powertools and nothing outside the domain.',
      severity: 'error',
      from: { path: '^shared/domain/' },
      to: {
        pathNot: ['^shared/domain/', '^shared/validation/', '^node_modules/zod/'],
      },
    },
    {
      name: 'domain-reads-no-environment',
      severity: 'error',
      from: { path: '^shared/domain/' },
      to: { path: '^shared/config/' },
    },
    {
      name: 'app-uses-ports-not-adapters',
      comment:
        'Use cases receive their ports; only composition roots (functions/composition/, the relay, localstack/) pick adapters.',
      severity: 'error',
      from: { path: '^shared/app/' },
      to: {
        path: [
          '^shared/adapters/',
          '^shared/http/',
          '^node_modules/@aws-sdk/',
          '^node_modules/@middy/',
          '^shared/config/',
        ],
      },
    },
    {
      name: 'adapters-serve-the-app',
      comment: 'Adapters implement ports; the use cases call them, never the other way round.',
      severity: 'error',
      from: { path: '^shared/adapters/' },
      to: { path: '^shared/app/' },
    },
    {
      name: 'ports-name-no-adapter',
      comment: 'A port is an interface of the app; the adapters implement it.',
      severity: 'error',
      from: { path: '^shared/ports/' },
      to: { path: '^shared/adapters/' },
    },
    {
      name: 'only-composition-picks-adapters',
      comment:
        'A handler takes its adapters from functions/composition/ (a builder per capability, a root per kind of entry point). Of shared/adapters/ it reads only the formats of the events it is given: the Lambda wrapper, the schedule targets, the queued bodies, the business webhook, the stream filter. The relay (its own process) composes itself.',
      severity: 'error',
      from: { path: '^functions/', pathNot: ['^functions/composition/', '^functions/relay/'] },
      to: {
        path: '^shared/adapters/',
        pathNot: [
          '^shared/adapters/lambda/',
          '^shared/adapters/scheduler/schedule-targets\\.ts$',
          '^shared/adapters/sqs/queued-body\\.ts$',
          '^shared/adapters/consent/whatsapp-webhook\\.ts$',
          '^shared/adapters/dynamo/stream-filter\\.ts$',
        ],
      },
    },
    {
      name: 'functions-run-without-the-local-stack',
      comment: 'Deployed code never imports the local stack; the local stack imports functions/.',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^localstack/' },
    },
    {
      name: 'functions-bundle-no-grants',
      comment:
        'A function reads the route table (infra/routes.ts), never what its group is granted: the IAM grants and cdk-nag reasons are CDK’s, so no bundle carries them (test/infra/bundles.test.ts).',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: ['^infra/group-access\\.ts$', '^infra/table-grants\\.ts$'], reachable: true },
    },
    {
      name: 'shared-is-self-contained',
      comment: 'shared/ never imports functions/, infra/ or localstack/.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: ['^functions/', '^infra/', '^localstack/'] },
    },
    {
      name: 'app-folders-acyclic',
      comment:
        'Consent builds on pairing and seats, never the reverse: what they share (the link a person opens) is shared/app/link-access.ts.',
      severity: 'error',
      from: { path: '^shared/app/(pairing|seats|events)/' },
      to: { path: '^shared/app/consent/' },
    },
    {
      name: 'history-builds-on-pairing',
      comment:
        "A pairing change moves its history import (shared/app/pairing imports shared/app/history), never the reverse: what both read (the budgets of the routes behind the person's link) is shared/app/person-link.ts.",
      severity: 'error',
      from: { path: '^shared/app/history/' },
      to: { path: '^shared/app/pairing/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mts', '.js', '.mjs', '.json'] },
    exclude: { path: ['cdk.out', '\\.local', 'web/consent-page/dist'] },
  },
};
