// `node:async_hooks` as its CommonJS exports (infra/constructs/bundling.ts).
module.exports = process.getBuiltinModule('node:async_hooks');
