// A cold Zap step loads the app and compiles its definition before it runs one perform; most of what the full app
// loads (zod, core's schemas, the catalogue the fields and samples are derived from) only a perform needs. So the
// build writes the definition out as it is once derived (labels, fields, samples: plain data), with a stand-in for
// each function that loads the full app on its first call and runs the function at the same place there.

/** The source of a value; every function in it becomes `lazy([...path])`. */
function definitionSource(value, path = []) {
  if (typeof value === 'function') return `lazy(${JSON.stringify(path)})`;
  if (Array.isArray(value)) return `[${value.map((item, index) => definitionSource(item, [...path, index])).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, child]) => child !== undefined);
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${definitionSource(child, [...path, key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The module that exports `app`'s definition with stand-ins, loading `appModule` (relative to it) on the first call.
 * Zapier finds some functions by identity (a hydrator named in a file pointer): the full app's `useStandIns` is given
 * the definition Zapier compiled, so it names those.
 */
function lazyDefinitionModule(app, appModule) {
  return `"use strict";
// Made by scripts/build.js from ${appModule}: the app's definition, each function a stand-in that loads it.
let full;
function loaded() {
  if (full === undefined) {
    const built = require(${JSON.stringify(appModule)});
    built.useStandIns(module.exports.default);
    full = built.default;
  }
  return full;
}
function lazy(path) {
  return function standIn(...args) {
    return path.reduce((node, key) => node[key], loaded()).apply(this, args);
  };
}
module.exports = { default: ${definitionSource(app)} };
`;
}

module.exports = { lazyDefinitionModule };
