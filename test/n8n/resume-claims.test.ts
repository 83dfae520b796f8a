import {
  RESUME_CLAIM_MS,
  claimResume,
  forgetResumeClaims,
} from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/actions/recording/waitForVideo/resume-claims';

// Which waiting executions this process is resuming: one claim each, for a minute, given back when a resume fails.

beforeEach(forgetResumeClaims);

describe('Wait for Video: resume claims', () => {
  it('lets the first notification of an execution resume it and answers the others while the claim lasts', () => {
    const at = 1_000_000;
    expect(claimResume('sub-1', at)).toBeInstanceOf(Function);
    expect(claimResume('sub-1', at + 1)).toBeUndefined();
    expect(claimResume('sub-1', at + RESUME_CLAIM_MS - 1)).toBeUndefined();
    expect(claimResume('sub-2', at + 1)).toBeInstanceOf(Function);
  });

  it('lets a later notification claim it again once the claim has expired (a resume n8n did not start)', () => {
    const at = 1_000_000;
    claimResume('sub-1', at);
    expect(claimResume('sub-1', at + RESUME_CLAIM_MS)).toBeInstanceOf(Function);
  });

  it('gives a claim back at once, and a given-back older claim does not drop a newer one', () => {
    const at = 1_000_000;
    const giveBack = claimResume('sub-1', at)!;
    giveBack();
    const newer = claimResume('sub-1', at + 1);
    expect(newer).toBeInstanceOf(Function);
    giveBack();
    expect(claimResume('sub-1', at + 2)).toBeUndefined();
  });
});
