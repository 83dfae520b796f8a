// Zapier loads the app from here (CommonJS layout); dist/ is the esbuild bundle of src/ (see scripts/build.js).
// Stack traces in Zapier's monitoring then name src/ files and lines through dist/index.js.map.
process.setSourceMapsEnabled(true);
module.exports = require('./dist/index.js').default;
