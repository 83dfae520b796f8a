/** How the package's nodes look in the palette. */
export const CATEGORY = 'ScreenRec';
export const COLOR = '#F3B567';
export const ICON = 'screenrec.svg';
