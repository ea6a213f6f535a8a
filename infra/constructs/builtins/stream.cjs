// `node:stream` as its CommonJS exports (infra/constructs/bundling.ts).
module.exports = process.getBuiltinModule('node:stream');
