describe('the wait between retries', () => {
  afterEach(() => jest.resetModules());

  test('is n8n-workflow sleepWithAbort where n8n has it (n8n 2.3)', async () => {
    const workflow = await import('n8n-workflow');
    const { n8nSleep } = await import('../../packages/n8n-nodes-screenrec/lib/sleep');
    expect(n8nSleep).toBe(workflow.sleepWithAbort);
  });

  test("falls back to n8n-workflow's sleep(ms) where sleepWithAbort is gone (n8n 2.39 and later)", async () => {
    const sleep = jest.fn(async (_ms: number) => undefined);
    jest.doMock('n8n-workflow', () => ({ ...jest.requireActual<object>('n8n-workflow'), sleepWithAbort: undefined, sleep }));
    const { n8nSleep } = await import('../../packages/n8n-nodes-screenrec/lib/sleep');
    await n8nSleep(250);
    expect(sleep).toHaveBeenCalledWith(250);
  });
});
