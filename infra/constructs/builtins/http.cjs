// `node:http` as its CommonJS exports (infra/constructs/bundling.ts): Node 24 building its ES module
// view reads every export, and one of them loads the fetch implementation (undici).
module.exports = process.getBuiltinModule('node:http');
