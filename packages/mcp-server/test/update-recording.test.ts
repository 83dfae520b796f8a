import { RECORDING_FIELDS, RECORDING_TEXT_FIELD_KEYS } from 'screenrec';
import { useNock } from '@screenrec/test-support/nock';
import { RECORDING_ID, REST_ENV, callTool, connectEachTest, recording, restPath, restScope, textOf } from './harness';

useNock();

const connected = connectEachTest(REST_ENV);

const update = (args: Record<string, unknown>) => callTool(connected.client, 'update_recording', { recordingId: RECORDING_ID, ...args });
const updated = (body: Record<string, string | string[]>) =>
  restScope()
    .put(restPath(`/recordings/${RECORDING_ID}`), body)
    .reply(202, { ...recording, ...body });

// Every free-text field is an argument of update_recording under its own key: these cover a new one with no edit.
describe('update_recording: each free-text field', () => {
  it('an update with no argument is refused before anything is sent, naming every argument it could have been given', async () => {
    const result = await update({});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^Invalid input: `tags`: give tags(, \w+)* or \w+ \(or (both|several)\): there is nothing to change\. Nothing was sent to ScreenRec\.$/,
    );
    for (const key of RECORDING_TEXT_FIELD_KEYS) expect(textOf(result)).toContain(key);
  });

  describe.each(RECORDING_TEXT_FIELD_KEYS)('%s', (key) => {
    it('is sent alone when given alone', async () => {
      updated({ [key]: 'New text' });
      expect((await update({ [key]: 'New text' })).structuredContent).toMatchObject({ [key]: 'New text' });
    });

    it('"" clears it, alone or with tags removed', async () => {
      updated({ [key]: '' });
      expect((await update({ [key]: '' })).isError).toBeUndefined();
      updated({ tags: [], [key]: '' });
      expect((await update({ tags: [], [key]: '' })).isError).toBeUndefined();
    });

    it('its argument says that "" clears it, and the tool says so too', async () => {
      const { tools } = await connected.client.listTools();
      const tool = tools.find(({ name }) => name === 'update_recording');
      expect(tool?.inputSchema.properties?.[key]).toMatchObject({ type: 'string', description: expect.stringMatching(/"" clears it\.$/) });
      expect(tool?.description).toContain(`${key}: "" clears the ${RECORDING_FIELDS[key].label.toLowerCase()}`);
    });
  });
});
