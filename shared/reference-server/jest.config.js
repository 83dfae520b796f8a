module.exports = require('@screenrec/test-support/jest-config')(__dirname);
