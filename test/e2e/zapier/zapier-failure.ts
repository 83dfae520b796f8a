// zapier-rest.test.ts still imports the helper from here (asked of its owner in requests-tests.md).
export { zapierFailure, type ZapierFailure } from '../../support/zapier-failure';
