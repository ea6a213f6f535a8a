// `node:fs/promises` as its CommonJS exports: named apart, since the alias of `fs` also maps its subpaths.
module.exports = process.getBuiltinModule('node:fs/promises');
