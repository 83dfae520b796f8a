/**
 * Recordings asked for as the ScreenRec node's Create does it: the workspace's backend token on the hook (action
 * RECORDING), ten requests at a time. Answers the new recordings' ids, in the order of `references`.
 */
export async function askForRecordings(baseUrl: string, backendToken: string, references: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < references.length; index += 10) {
    const batch = references.slice(index, index + 10).map(async (externalReference) => {
      const answer = await fetch(`${baseUrl}/public/webhooks/N8N`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-token': backendToken },
        body: JSON.stringify({ action: 'RECORDING', recording: { externalReference } }),
      });
      const { url } = (await answer.json()) as { url: string };
      return new URL(url).pathname.split('/').pop()!;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}
