// `node:process` as the process object (infra/constructs/bundling.ts): its ES module view reads
// every property of the process, lazy ones included (about 12 ms in a bare process).
module.exports = process.getBuiltinModule('node:process');
