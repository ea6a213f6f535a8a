// `node:http` as its CommonJS exports, for bundled functions (infra/constructs/bundling.ts): Node 24
// building the ES module view of `node:http` reads every export, and one of them loads the fetch
// implementation (undici), about 50 ms of every cold start that never fetches.
module.exports = process.getBuiltinModule('node:http');
