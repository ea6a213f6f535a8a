// `node:diagnostics_channel` as its CommonJS exports (infra/constructs/bundling.ts).
module.exports = process.getBuiltinModule('node:diagnostics_channel');
