// `node:child_process` as its CommonJS exports (infra/constructs/bundling.ts).
module.exports = process.getBuiltinModule('node:child_process');
