import { createHash } from 'node:crypto';

/**
 * The page a participant opens from the RECORDING answer: it captures the screen (getDisplayMedia and
 * MediaRecorder), shows a timer and a stop button, uploads the WebM and says how it went. The script
 * is constant and reads its settings from a JSON block, so nothing user-controlled is ever executed,
 * and the Content-Security-Policy allows exactly this script by its hash.
 */
const SCRIPT = `(() => {
  const config = JSON.parse(document.getElementById('config').textContent);
  const byId = (id) => document.getElementById(id);
  const startButton = byId('start'), stopButton = byId('stop'), resendButton = byId('resend');
  const timer = byId('timer'), status = byId('status'), preview = byId('preview');
  const say = (text) => { status.textContent = text; };
  if (config.status === 'COMPLETED') { startButton.hidden = true; say('This recording is complete. Thank you!'); return; }
  if (!navigator.mediaDevices || !navigator.mediaDevices.getDisplayMedia || typeof MediaRecorder === 'undefined') {
    startButton.disabled = true;
    say('This browser cannot record the screen. Please open this page in a recent Chrome, Edge or Firefox on a computer.');
    return;
  }
  let recorder, stream, chunks = [], startedAt = 0, ticking, video;
  const showTime = (ms) => {
    const seconds = Math.floor(ms / 1000);
    timer.textContent = String(Math.floor(seconds / 60)).padStart(2, '0') + ':' + String(seconds % 60).padStart(2, '0');
  };
  const pickType = () => ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'].find((type) => MediaRecorder.isTypeSupported(type)) || '';
  startButton.addEventListener('click', async () => {
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
    } catch (error) {
      say('Screen capture was not allowed. Press Start recording to try again.');
      return;
    }
    const type = pickType();
    recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    chunks = [];
    recorder.ondataavailable = (event) => { if (event.data && event.data.size > 0) chunks.push(event.data); };
    recorder.onstop = () => {
      video = new Blob(chunks, { type: (recorder.mimeType || 'video/webm').split(';')[0] });
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
    say('Recording… Press Stop and send when you are done.');
    fetch(config.startUrl, { method: 'POST' }).catch(() => {});
  });
  function finish() {
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    if (stream) stream.getTracks().forEach((track) => track.stop());
    clearInterval(ticking);
    stopButton.hidden = true;
  }
  stopButton.addEventListener('click', finish);
  resendButton.addEventListener('click', () => upload());
  async function upload() {
    resendButton.hidden = true;
    say('Sending your recording (' + Math.max(1, Math.round(video.size / 1024)) + ' kB)…');
    try {
      const response = await fetch(config.uploadUrl, { method: 'POST', headers: { 'content-type': video.type || 'video/webm' }, body: video });
      const body = await response.json().catch(() => ({}));
      if (response.ok) { say('Thank you! Your recording was sent.'); return; }
      say('Sending failed: ' + (body.message || 'HTTP ' + response.status) + '.');
    } catch (error) {
      say('Sending failed: the service could not be reached. Check your connection.');
    }
    resendButton.hidden = false;
  }
})();`;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}
main{max-width:40rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
button{font-size:1rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#2f6fed;color:#fff;cursor:pointer}
button#stop{background:#d93a3a}button:disabled{background:#999}
#timer{font-variant-numeric:tabular-nums;font-size:1.4rem;margin-left:1rem}
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

export interface RecordingPageSettings {
  recordingId: string;
  status: string;
  /** Relative to the page, so the page works behind any public URL prefix. */
  startUrl: string;
  uploadUrl: string;
}

export function renderRecordingPage(settings: RecordingPageSettings): string {
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
<p>You were asked to record your screen. Press <strong>Start recording</strong>, choose the screen or window to share, and press <strong>Stop and send</strong> when you are done. The video is sent to the person who asked for it.</p>
<p><button id="start" type="button">Start recording</button> <button id="stop" type="button" hidden>Stop and send</button><span id="timer">00:00</span></p>
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
