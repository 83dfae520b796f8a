// Zapier loads the app from here (CommonJS layout). dist/definition.js is the app's definition, whose functions
// load the esbuild bundle of src/ (dist/index.js) when one first runs (see scripts/build.js): Zapier loads and
// validates the app before every command, and only the commands that run a function need the bundle.
// Stack traces in Zapier's monitoring then name src/ files and lines through dist/index.js.map. Files under
// node_modules are not searched for maps, which keeps the cold start as it was.
const { setSourceMapsSupport } = require('node:module');
if (typeof setSourceMapsSupport === 'function') setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
else process.setSourceMapsEnabled(true);
module.exports = require('./dist/definition.js');
