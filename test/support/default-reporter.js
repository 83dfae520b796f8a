// Jest's per-suite progress output, named explicitly so that its summary comes from summary-reporter.js instead.
module.exports = require('@jest/reporters').DefaultReporter;
