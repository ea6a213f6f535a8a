// `node:fs` as its CommonJS exports (infra/constructs/bundling.ts): its ES module view reads every
// export, lazy ones included.
module.exports = process.getBuiltinModule('node:fs');
