// The README's picture of the Zapier app (docs/images/zapier-steps.svg): every step a Zap can use, its label and
// description, by section. Drawn with fixed sizes and a fixed width table, so the same app gives the same bytes.
import type { ZapierKind, ZapierStep } from './zapier';

const WIDTH = 900;
const MARGIN = 24;
const CARD_PADDING = 16;
/** Room for a line of text in a card; narrower than the card, as the fonts a viewer has run wider than Helvetica. */
const TEXT_WIDTH = 780;
const FONT_FAMILY = "-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif";
const LABEL_SIZE = 15;
const TEXT_SIZE = 13;
const LINE_HEIGHT = 17;

const SECTIONS: ReadonlyArray<{ kind: ZapierKind; title: string }> = [
  { kind: 'triggers', title: 'TRIGGERS' },
  { kind: 'creates', title: 'ACTIONS: CREATE' },
  { kind: 'searches', title: 'ACTIONS: SEARCH' },
  { kind: 'searchOrCreates', title: 'SEARCH OR CREATE' },
];

/** Helvetica's advance widths in thousandths of the font size, each with the characters that have it. */
const ADVANCE_GROUPS: ReadonlyArray<[number, string]> = [
  [191, "'"],
  [222, 'ijl’'],
  [278, ' !,./:;ftI'],
  [333, '()-r'],
  [355, '"'],
  [500, 'cksvxyzJ'],
  [556, 'abdeghnopqu?_–0123456789L'],
  [611, 'FTZ'],
  [667, '&ABEKPSVXY'],
  [722, 'wCDHNRU'],
  [778, 'GOQ'],
  [833, 'mM'],
  [944, 'W'],
  [1000, '…—'],
  [1015, '@'],
];
const ADVANCE = new Map(ADVANCE_GROUPS.flatMap(([width, characters]) => [...characters].map((character) => [character, width] as const)));
/** Any other character counts as wide as a digit. */
const DEFAULT_ADVANCE = 556;
/** Bold text runs about this much wider. */
const BOLD_FACTOR = 1.1;

function textWidth(text: string, size: number, bold: boolean): number {
  let thousandths = 0;
  for (const character of text) thousandths += ADVANCE.get(character) ?? DEFAULT_ADVANCE;
  return (thousandths * size * (bold ? BOLD_FACTOR : 1)) / 1000;
}

/** Lines of at most `width`, broken between words; a word longer than a line stands alone. */
export function wrap(text: string, size: number, width: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    const longer = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(longer, size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Text as XML reads it, in an element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface TextStyle {
  size: number;
  fill: string;
  bold?: boolean;
  spacing?: number;
}

function text(x: number, y: number, content: string, style: TextStyle): string {
  const weight = style.bold === true ? ' font-weight="600"' : '';
  const spacing = style.spacing === undefined ? '' : ` letter-spacing="${style.spacing}"`;
  return `<text x="${x}" y="${y}" font-size="${style.size}"${weight}${spacing} fill="${style.fill}">${escapeXml(content)}</text>`;
}

/** One step's card at `top`: its elements and its height. */
function card(step: ZapierStep, top: number): { elements: string[]; height: number } {
  const labelLines = wrap(step.label, LABEL_SIZE, TEXT_WIDTH, true);
  const descriptionLines = wrap(step.description, TEXT_SIZE, TEXT_WIDTH);
  const x = MARGIN + CARD_PADDING;
  const labelBottom = top + 22 + (labelLines.length - 1) * 20;
  const lastBaseline = labelBottom + 20 + (descriptionLines.length - 1) * LINE_HEIGHT;
  // Room below the last line for its descenders.
  const height = lastBaseline - top + 12;
  return {
    height,
    elements: [
      `<rect x="${MARGIN}" y="${top}" width="${WIDTH - 2 * MARGIN}" height="${height}" rx="6" fill="#ffffff" stroke="#d1d9e0"/>`,
      ...labelLines.map((line, index) => text(x, top + 22 + index * 20, line, { size: LABEL_SIZE, bold: true, fill: '#1f2328' })),
      ...descriptionLines.map((line, index) => text(x, labelBottom + 20 + index * LINE_HEIGHT, line, { size: TEXT_SIZE, fill: '#424a53' })),
    ],
  };
}

/** The picture of the steps a Zap can use (hidden steps, which only fill dropdowns, left out), in the app's order. */
export function zapierStepsSvg(steps: readonly ZapierStep[]): string {
  const elements = [
    text(MARGIN, 40, 'ScreenRec on Zapier: the steps a Zap can use', { size: 20, bold: true, fill: '#1f2328' }),
    text(
      MARGIN,
      64,
      "Drawn by npm run docs:surfaces from the built app's definition: each step's label and description. Not a screenshot of Zapier.",
      { size: TEXT_SIZE, fill: '#59636e' },
    ),
  ];
  /** The lowest point drawn so far: a section's heading goes 38 below it, and the picture ends 24 below it. */
  let bottom = 68;
  for (const section of SECTIONS) {
    const shown = steps.filter((step) => step.kind === section.kind && !step.hidden);
    if (shown.length === 0) continue;
    const heading = bottom + 38;
    elements.push(text(MARGIN, heading, section.title, { size: 12, bold: true, spacing: 1, fill: '#59636e' }));
    bottom = heading;
    for (const step of shown) {
      const drawn = card(step, bottom + 8);
      elements.push(...drawn.elements);
      bottom += 8 + drawn.height;
    }
  }
  const height = bottom + MARGIN;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${escapeXml(FONT_FAMILY)}">`,
    `<rect width="${WIDTH}" height="${height}" fill="#f6f8fa"/>`,
    ...elements,
    '</svg>',
    '',
  ].join('\n');
}
