// Zapier loads the app from here (CommonJS layout): dist/index.js is its definition, which loads dist/app.js, the
// esbuild bundle of src/, when a function first runs (see scripts/build.js). Stack traces in Zapier's monitoring
// then name src/ files and lines through dist/app.js.map. Files under node_modules are not searched for maps, which
// keeps the cold start as it was.
const { setSourceMapsSupport } = require('node:module');
if (typeof setSourceMapsSupport === 'function') setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
else process.setSourceMapsEnabled(true);
module.exports = require('./dist/index.js').default;
