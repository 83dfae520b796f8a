import type { Icon } from '@modelcontextprotocol/server';
import { toBase64 } from './base64';

// Icons travel as SVG data URIs: the server is often offline from the client's point of view (stdio, loopback),
// so an icon must not depend on fetching an address. Each is a 24×24 outline that reads in light and dark themes.

const STROKE = 'fill="none" stroke="#6B7280" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const RECORD_DOT = '<circle cx="12" cy="10" r="3" fill="#E5484D"/>';

function svgIcon(outline: string, filled = ''): Icon[] {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g ${STROKE}>${outline}</g>${filled}</svg>`;
  return [{ src: `data:image/svg+xml;base64,${toBase64(svg)}`, mimeType: 'image/svg+xml', sizes: ['any'] }];
}

const SCREEN = '<rect x="2" y="3" width="20" height="14" rx="2"/><path d="M8 21h8M12 17v4"/>';

/** The server's own icon: a screen with the red recording dot. */
export const SERVER_ICONS: Icon[] = svgIcon(SCREEN, RECORD_DOT);

/** One picture per kind of action, so a client's tool list reads at a glance. */
export const TOOL_ICONS = {
  request: svgIcon(`${SCREEN}<path d="M12 7v6M9 10h6"/>`),
  find: svgIcon('<circle cx="11" cy="11" r="7"/><path d="M21 21l-5-5"/>'),
  recording: svgIcon(SCREEN),
  wait: svgIcon('<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>'),
  video: svgIcon('<rect x="2" y="5" width="14" height="14" rx="2"/><path d="M16 10l6-3v10l-6-3z"/>'),
  edit: svgIcon('<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="M13 7l4 4"/>'),
  delete: svgIcon('<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"/>'),
  tag: svgIcon('<path d="M3 12V3h9l9 9-9 9z"/><circle cx="7.5" cy="7.5" r="1.5"/>'),
  link: svgIcon('<path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1"/><path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1"/>'),
} as const;
