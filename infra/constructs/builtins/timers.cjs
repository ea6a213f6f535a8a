// `node:timers` as its CommonJS exports (infra/constructs/bundling.ts).
module.exports = process.getBuiltinModule('node:timers');
