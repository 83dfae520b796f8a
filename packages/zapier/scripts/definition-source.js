// Writes the source of dist/definition.js from the built app: its definition as literal data, each function a
// stand-in from src/lazy-app.ts that loads dist/index.js when it first runs. Anything that is not plain data
// (a class instance, a cycle) stops the build, since Zapier could not tell it from the original.

/** @param {unknown} value @param {string[]} path @param {Set<unknown>} open */
function literal(value, path, open) {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    return JSON.stringify(value);
  }
  if (typeof value === 'function') return `s(${JSON.stringify(path)},${value.length})`;
  if (typeof value !== 'object' || open.has(value)) throw new Error(`definition: ${path.join('.')} is not plain data`);
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) throw new Error(`definition: ${path.join('.')} is not a plain object`);
  open.add(value);
  const text = Array.isArray(value)
    ? `[${value.map((item, index) => literal(item, [...path, String(index)], open)).join(',')}]`
    : `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${literal(item, [...path, key], open)}`).join(',')}}`;
  open.delete(value);
  return text;
}

/** The app with each function as its arity, the way Zapier's definition records it: what must not change. */
function shape(value) {
  if (typeof value === 'function') return `$func$${value.length}$f$`;
  if (value === undefined) return '$undefined$';
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
  return value;
}

/** @param {unknown} app the built app's default export */
function definitionSource(app) {
  return [
    "const { lazyApp } = require('./lazy-app');",
    "const s = lazyApp(() => require('./index.js'));",
    `module.exports = ${literal(app, [], new Set())};`,
  ].join('\n');
}

module.exports = { definitionSource, shape };
