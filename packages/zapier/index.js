// Zapier loads the app from here (CommonJS layout); dist/ is the esbuild bundle of src/ (see scripts/build.js).
module.exports = require('./dist/index.js').default;
