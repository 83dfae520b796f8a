import { MESSAGES } from '../locale';
import { actionHtml } from '../action/editor';
import { connectionHtml } from '../connection/editor';
import { videoReadyHtml } from '../video-ready/editor';
import { waitHtml } from '../wait/editor';

/** The files the build writes beside each node's .js, by path relative to the nodes' folder. */
export function editorFiles(): Record<string, string> {
  const html = {
    'screenrec-connection': connectionHtml,
    screenrec: actionHtml,
    'screenrec-wait': waitHtml,
    'screenrec-video-ready': videoReadyHtml,
  };
  const files: Record<string, string> = {};
  for (const [type, text] of Object.entries(html)) {
    files[`${type}.html`] = text;
    files[`locales/en-US/${type}.json`] = `${JSON.stringify({ [type]: MESSAGES[type as keyof typeof MESSAGES] }, null, 2)}\n`;
  }
  return files;
}
