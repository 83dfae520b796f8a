export interface RecordingPage {
  status: number;
  contentType: string | null;
  html: string;
  /** The settings the page's script reads (its `<script id="config">` block). */
  config: { recordingId: string; status: string; startUrl: string; uploadUrl: string };
}

/** Opens a recording page as the participant's browser does. */
export async function openRecordingPage(pageUrl: string): Promise<RecordingPage> {
  const response = await fetch(pageUrl);
  const html = await response.text();
  const config = /<script id="config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (config === undefined) throw new Error(`no recording page at ${pageUrl} (HTTP ${response.status}): ${html.slice(0, 200)}`);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    html,
    config: JSON.parse(config) as RecordingPage['config'],
  };
}

/** What the page's script does after Stop: POST the WebM to the upload URL, resolved against the page. */
export async function uploadFromPage(pageUrl: string, page: RecordingPage, video: Buffer): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(page.config.uploadUrl, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'video/webm' },
    body: video,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
