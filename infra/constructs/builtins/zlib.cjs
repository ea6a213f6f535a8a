// `node:zlib` as its CommonJS exports (infra/constructs/bundling.ts).
module.exports = process.getBuiltinModule('node:zlib');
