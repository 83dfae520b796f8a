import type { EditorInstance } from './instance';

/** What the workspace holds before a person opens the editor. */
export interface Seeded {
  /** Three recordings made within the same minute with the same tag: only their IDs differ. */
  demo: Array<{ id: string; url: string }>;
  /** A finished recording with a video, for the download that runs into the Timeout. */
  withVideo: { id: string; url: string };
}

export async function seedRecordings({ server, serviceUrl }: EditorInstance): Promise<Seeded> {
  const rest = `${serviceUrl}/public/integration/${server.demo.workspaceId}/recordings`;
  const create = async (tags: string[], comment?: string) => {
    const answer = await fetch(rest, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.demo.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ direction: 'REQUEST', tags, comment }),
    });
    if (answer.status !== 201) throw new Error(`creating a recording answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as { id: string; url: string };
  };
  const withVideo = await create(['video'], 'Checkout walkthrough');
  await server.adminOk(200, 'POST', `/admin/recordings/${withVideo.id}/status`, { status: 'COMPLETED' });
  const demo = [];
  for (let n = 0; n < 3; n++) demo.push(await create(['demo']));
  return { demo, withVideo };
}
