import { createHash } from 'node:crypto';
import { webmWithDuration } from './webm-duration';

/**
 * The participant's page: records the screen, writes the duration into the WebM (webm-duration.ts) and uploads it.
 * The script is constant and reads its settings from a JSON block, so nothing user-controlled runs; the CSP admits it by hash.
 */
const SCRIPT = `(() => {
  const withDuration = ${webmWithDuration.toString()};
  const config = JSON.parse(document.getElementById('config').textContent);
  const byId = (id) => document.getElementById(id);
  const startButton = byId('start'), stopButton = byId('stop'), resendButton = byId('resend');
  const timer = byId('timer'), status = byId('status'), preview = byId('preview');
  const say = (text, tone) => { status.textContent = text; status.className = tone || ''; };
  if (config.status === 'COMPLETED') {
    startButton.hidden = timer.hidden = byId('intro').hidden = true;
    say('This recording is complete. Thank you!', 'done');
    return;
  }
  if (!navigator.mediaDevices || !navigator.mediaDevices.getDisplayMedia || typeof MediaRecorder === 'undefined') {
    startButton.disabled = true;
    say('This browser cannot record the screen. Please open this page in a recent Chrome, Edge or Firefox on a computer.', 'problem');
    return;
  }
  let recorder, stream, chunks = [], startedAt = 0, ticking, video, settled = false;
  // Leaving while recording, while sending, or before a failed send is retried loses the video: the browser asks first.
  window.addEventListener('beforeunload', (event) => {
    if (settled || recorder === undefined) return;
    event.preventDefault();
    event.returnValue = '';
  });
  const showTime = (ms) => {
    const seconds = Math.floor(ms / 1000);
    timer.textContent = String(Math.floor(seconds / 60)).padStart(2, '0') + ':' + String(seconds % 60).padStart(2, '0');
  };
  const pickType = () => ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'].find((type) => MediaRecorder.isTypeSupported(type)) || '';
  const captureProblem = (error) => {
    if (error && error.name === 'NotAllowedError') {
      return 'Screen sharing was not allowed, so nothing was recorded. Press Start recording and choose a screen, window or tab to share. If your browser does not ask, allow screen sharing for this page in its site settings.';
    }
    if (error && (error.name === 'NotReadableError' || error.name === 'AbortError')) {
      return 'Your screen could not be captured: another program may be using it. Close other screen-sharing apps and press Start recording again.';
    }
    return 'Your screen could not be captured. Press Start recording to try again, or open this page in a recent Chrome, Edge or Firefox.';
  };
  startButton.addEventListener('click', async () => {
    startButton.disabled = true;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
    } catch (error) {
      startButton.disabled = false;
      say(captureProblem(error), 'problem');
      return;
    }
    startButton.disabled = false;
    const type = pickType();
    recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    chunks = [];
    recorder.ondataavailable = (event) => { if (event.data && event.data.size > 0) chunks.push(event.data); };
    recorder.onstop = async () => {
      video = await declareDuration(new Blob(chunks, { type: (recorder.mimeType || 'video/webm').split(';')[0] }));
      preview.src = URL.createObjectURL(video);
      preview.hidden = false;
      upload();
    };
    // The browser's own "Stop sharing" button ends the track: treat it as Stop.
    stream.getVideoTracks()[0].addEventListener('ended', finish);
    recorder.start(1000);
    startedAt = Date.now();
    showTime(0);
    ticking = setInterval(() => showTime(Date.now() - startedAt), 250);
    startButton.hidden = true;
    stopButton.hidden = false;
    say('Recording… Press Stop and send when you are done.', 'busy');
    fetch(config.startUrl, { method: 'POST' }).catch(() => {});
  });
  function finish() {
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    if (stream) stream.getTracks().forEach((track) => track.stop());
    clearInterval(ticking);
    stopButton.hidden = true;
  }
  // MediaRecorder leaves the duration out of its WebM (players show 0:00 and cannot seek): the file's first bytes get
  // the time of its last frame, read from its end (grown until it holds the last Cluster); an odd file goes as it is.
  async function declareDuration(blob) {
    try {
      const head = new Uint8Array(await blob.slice(0, 65536).arrayBuffer());
      for (let tailSize = 1 << 20; ; tailSize *= 4) {
        const patch = withDuration(head, new Uint8Array(await blob.slice(-tailSize).arrayBuffer()));
        if (patch !== 'tail too short') return patch ? new Blob([patch.bytes, blob.slice(patch.replaces)], { type: blob.type }) : blob;
        if (tailSize >= blob.size) return blob;
      }
    } catch (error) {
      return blob;
    }
  }
  stopButton.addEventListener('click', finish);
  resendButton.addEventListener('click', () => upload());
  const KEPT = ' Your recording is kept on this page: ';
  async function upload() {
    resendButton.hidden = true;
    say('Sending your recording (' + Math.max(1, Math.round(video.size / 1024)) + ' kB)… Keep this page open until it says it was sent.', 'busy');
    let response;
    try {
      response = await fetch(config.uploadUrl, { method: 'POST', headers: { 'content-type': video.type || 'video/webm' }, body: video });
    } catch (error) {
      say('Your recording could not be sent: the connection to ScreenRec was lost.' + KEPT + 'check your internet connection, then press Send again.', 'problem');
      resendButton.hidden = false;
      return;
    }
    const body = await response.json().catch(() => ({}));
    if (response.ok || response.status === 409) {
      // 409: an earlier attempt arrived although its answer was lost; the recording is complete either way.
      settled = true;
      say('Thank you! Your recording was sent. You can close this page now.', 'done');
      return;
    }
    // Sending the same video again helps only when the service had a passing problem.
    const passing = response.status >= 500 || response.status === 408 || response.status === 429;
    const reason = String(body.message || 'ScreenRec refused it (error ' + response.status + ')').replace(/\\.$/, '');
    say(passing
      ? 'Your recording could not be sent: ScreenRec had a problem (error ' + response.status + ').' + KEPT + 'wait a moment, then press Send again.'
      : 'Your recording could not be sent: ' + reason + '. Ask the person who sent you this link for help.', 'problem');
    resendButton.hidden = settled = !passing;
  }
})();`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}
main{max-width:40rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
button{font-size:1rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#2f6fed;color:#fff;cursor:pointer}
button#stop{background:#d93a3a}button:disabled{background:#999}
#status.problem{color:#a4161a;font-weight:600}#status.done{color:#146c2e;font-weight:600}
#controls{display:flex;align-items:center;gap:1rem}#timer{font-variant-numeric:tabular-nums;font-size:1.4rem}
video{width:100%;margin-top:1rem;border-radius:8px}`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT, 'utf8').digest('base64');

export const RECORDING_PAGE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${SCRIPT_HASH}'`,
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  'media-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The page of a recording; its URLs are relative to it, so the page works behind any public URL prefix. */
export function renderRecordingPage(recordingId: string, status: string): string {
  const settings = { recordingId, status, startUrl: `${recordingId}/start`, uploadUrl: `${recordingId}/upload` };
  // JSON inside <script> must not be able to close the element.
  const config = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Record your screen · ScreenRec</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Record your screen</h1>
<p id="intro">You were asked to record your screen. Press <strong>Start recording</strong>, choose the screen or window to share, and press <strong>Stop and send</strong> when you are done. The video is sent to the person who asked for it.</p>
<p id="controls"><button id="start" type="button">Start recording</button> <button id="stop" type="button" hidden>Stop and send</button><span id="timer">00:00</span></p>
<p id="status" role="status" aria-live="polite"></p>
<p><button id="resend" type="button" hidden>Send again</button></p>
<video id="preview" controls hidden></video>
</main>
<script id="config" type="application/json">${config}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
