import { everyStepEndsWithin } from './zapier-deadline';

// The built app under a step deadline shortened to 4 s, so it runs in seconds; `npm run test:tools` runs the same
// at the app's own 25 s (zapier-deadline-full.tools.test.ts).
describe('every Zapier step against a misbehaving service, in real time, under a 4 s deadline', () => {
  everyStepEndsWithin(4_000);
});
