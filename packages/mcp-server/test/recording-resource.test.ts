import { NOT_FOUND_RECORDING } from 'screenrec';
import { useNock } from '@screenrec/test-support/nock';
import { SERVER_ICONS } from '../src/icons';
import { RECORDING_ID, REST_ENV, connectEachTest, recording, restPath, restScope } from './harness';

useNock();

const connected = connectEachTest(REST_ENV);

const lookup = () => restScope().post(restPath('/recordings/list'), { ids: [RECORDING_ID], pageSize: 1 });

describe('the resource template screenrec://recordings/{id}', () => {
  it('is listed as a template', async () => {
    expect((await connected.client.listResourceTemplates()).resourceTemplates).toEqual([
      {
        name: 'recording',
        uriTemplate: 'screenrec://recordings/{id}',
        title: 'ScreenRec recording',
        description: 'One recording of the workspace as JSON: status, tags, comment, creation date, page URL and external reference.',
        mimeType: 'application/json',
        icons: SERVER_ICONS,
      },
    ]);
  });

  it('reads a recording as JSON', async () => {
    lookup().reply(200, { content: [recording], totalElements: 1, totalPages: 1 });
    const uri = `screenrec://recordings/${RECORDING_ID}`;
    const { contents } = await connected.client.readResource({ uri });
    expect(contents).toEqual([{ uri, mimeType: 'application/json', text: expect.any(String) }]);
    expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(recording);
  });

  it('answers an unknown recording with "Resource not found" (-32602 since 2026-07-28) and core message', async () => {
    lookup().reply(200, { content: [], totalElements: 0, totalPages: 0 });
    await expect(connected.client.readResource({ uri: `screenrec://recordings/${RECORDING_ID}` })).rejects.toMatchObject({
      code: -32602,
      message: `MCP error -32602: ${NOT_FOUND_RECORDING}`,
    });
  });
});
