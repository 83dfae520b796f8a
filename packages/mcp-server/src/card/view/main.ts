import { App, applyDocumentTheme, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { SHORT_ID_LENGTH, directionLabel, displayDate, statusLabel } from 'screenrec/portable';
import { needsVideoLink, stateAfter, type CardState } from './state';

// The card in the host's conversation. Everything it shows comes from the tool results the host hands it; what it
// asks for (a fresh look at the recording, the video's link) goes through the host's calls to our server's tools.

const app = new App({ name: 'ScreenRec recording card', version: '1' }, {}, { autoResize: true });
let state: CardState = {};
let busy = false;

const root = document.getElementById('card')!;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The phase the card is in, on the root as data-phase: what a person sees, for the tests to read. */
type Phase = 'starting' | 'error' | 'waiting' | 'loading-video' | 'video';

function phaseOf(current: CardState): Phase {
  if (current.error !== undefined) return 'error';
  if (current.videoUrl !== undefined) return 'video';
  if (needsVideoLink(current)) return 'loading-video';
  if (current.recording !== undefined || current.recordingId !== undefined || current.pageUrl !== undefined) return 'waiting';
  return 'starting';
}

function render(): void {
  const phase = phaseOf(state);
  root.dataset.phase = phase;
  root.replaceChildren(header(), ...details(), ...body(phase));
}

function header(): HTMLElement {
  const bar = element('header', 'bar');
  const id = state.recording?.id ?? state.recordingId;
  bar.append(element('strong', 'title', id === undefined ? 'ScreenRec recording' : `Recording ${id.slice(0, SHORT_ID_LENGTH)}`));
  if (state.recording !== undefined) {
    const status = element('span', `status status-${state.recording.status.toLowerCase()}`, statusLabel(state.recording.status));
    status.dataset.status = state.recording.status;
    bar.append(status);
  }
  return bar;
}

function details(): HTMLElement[] {
  const recording = state.recording;
  if (recording === undefined) return [];
  const rows: [string, string | undefined][] = [
    ['Direction', recording.direction === undefined ? undefined : directionLabel(recording.direction)],
    ['Created', displayDate(recording.createdDate, app.getHostContext()?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)],
    ['Reference', recording.externalReference],
    ['Comment', recording.comment ?? undefined],
  ];
  const list = element('dl', 'facts');
  for (const [label, value] of rows) {
    if (value === undefined || value === '') continue;
    list.append(element('dt', '', label), element('dd', `fact-${label.toLowerCase()}`, value));
  }
  const tags = element('ul', 'tags');
  for (const tag of recording.tags) tags.append(element('li', 'tag', tag));
  if (recording.tags.length === 0) tags.append(element('li', 'no-tags', 'No tags'));
  return [list, tags];
}

function body(phase: Phase): HTMLElement[] {
  if (phase === 'error') return [element('p', 'error', state.error)];
  if (phase === 'video') return [player(state.videoUrl!)];
  if (phase === 'loading-video') return [element('p', 'note', 'Getting the video…')];
  if (phase === 'starting') return [element('p', 'note', 'Waiting for ScreenRec…')];
  const status = state.recording === undefined ? 'not recorded yet' : statusLabel(state.recording.status).toLowerCase();
  const parts: HTMLElement[] = [
    element('p', 'note waiting', `Waiting for the recording (${status}): the video appears here once it is ready.`),
  ];
  if (state.pageUrl !== undefined) parts.push(linkButton('Open the recording page', state.pageUrl));
  if (canCallTools() && (state.recording?.id ?? state.recordingId) !== undefined) {
    const again = element('button', 'refresh', busy ? 'Checking…' : 'Check again');
    again.disabled = busy;
    again.addEventListener('click', () => void refresh());
    parts.push(again);
  }
  return parts;
}

function player(videoUrl: string): HTMLElement {
  const video = element('video', 'video');
  // Muted, so that hosts let it start by itself; the controls unmute it.
  Object.assign(video, { src: videoUrl, controls: true, muted: true, autoplay: true, playsInline: true, preload: 'auto' });
  video.addEventListener('error', () => {
    const box = element('div', 'video-failed');
    box.append(element('p', 'note', 'The video cannot play here (its link may have expired, or its host is not allowed in this card).'));
    box.append(linkButton('Open the video', videoUrl));
    video.replaceWith(box);
  });
  return video;
}

function linkButton(label: string, url: string): HTMLButtonElement {
  const button = element('button', 'link', label);
  button.addEventListener('click', () => void app.openLink({ url }));
  return button;
}

function canCallTools(): boolean {
  return app.getHostCapabilities()?.serverTools !== undefined;
}

async function callTool(name: string, recordingId: string): Promise<void> {
  try {
    state = stateAfter(state, await app.callServerTool({ name, arguments: { recordingId } }));
  } catch (error) {
    state = { ...state, error: error instanceof Error ? error.message : String(error) };
  }
}

/** "Check again": the recording as ScreenRec has it now, then its video when it is completed. */
async function refresh(): Promise<void> {
  const id = state.recording?.id ?? state.recordingId;
  if (id === undefined || busy) return;
  busy = true;
  render();
  await callTool('get_recording', id);
  busy = false;
  await showVideoWhenReady();
}

/** Fills in what the result left out: the recording's details (a video or page link names only its ID), then its video. */
async function showVideoWhenReady(): Promise<void> {
  render();
  if (!canCallTools()) return;
  if (state.error === undefined && state.recording === undefined && state.recordingId !== undefined) {
    await callTool('get_recording', state.recordingId);
    render();
  }
  if (!needsVideoLink(state)) return;
  await callTool('get_video_url', state.recording!.id);
  render();
}

function applyContext(context: McpUiHostContext | undefined): void {
  if (context?.theme !== undefined) applyDocumentTheme(context.theme);
  if (context?.styles?.variables !== undefined) applyHostStyleVariables(context.styles.variables);
}

app.ontoolinput = ({ arguments: args }) => {
  const id = args?.recordingId;
  if (typeof id === 'string' && state.recordingId === undefined) {
    state = { recordingId: id };
    render();
  }
};
app.ontoolresult = (result) => {
  state = stateAfter(state, result);
  void showVideoWhenReady();
};
app.onhostcontextchanged = (context) => {
  applyContext({ ...app.getHostContext(), ...context });
  render();
};

render();
app.connect().then(
  () => applyContext(app.getHostContext()),
  () => {
    state = { error: 'This card shows a ScreenRec recording inside an MCP client, and could not reach one.' };
    render();
  },
);
