import { everyStepEndsWithin } from './zapier-deadline';

// The built app under a shortened step deadline, so it runs in seconds; `npm run test:tools` runs the same at the
// app's own 25 s (zapier-deadline-full.tools.test.ts).
const BUDGET_MS = 4_000;

describe(`every Zapier step against a misbehaving service, in real time, under a ${BUDGET_MS / 1000} s deadline`, () => {
  everyStepEndsWithin(BUDGET_MS);
});
