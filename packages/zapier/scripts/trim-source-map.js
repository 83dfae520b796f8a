// Keeps a source map to what Zapier's monitoring needs: the line in this repository's own sources of each stack
// frame. Segments that point into node_modules (zod, mostly) become unmapped, so such frames show the bundle's
// position rather than a wrong source line; of the segments in a run on one source line only the first stays (a
// frame names that line, at the column where the line's first mapped code starts), and every sourcesContent goes.
// That takes the map from about 220 kB to about 20 kB. `names` go too: the bundle keeps its function names
// (esbuild keepNames), so stack frames have them already.
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

function encodeValue(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let text = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    text += BASE64[digit];
  } while (rest > 0);
  return text;
}

const UNKNOWN = { source: -1, line: -1 };

/** @param {{sources: string[], names: string[], mappings: string}} map @param {(source: string) => boolean} keepSource */
function trimSourceMap(map, keepSource) {
  const keptSources = [];
  const sourceIndex = new Map();
  const state = { source: 0, line: 0, column: 0, name: 0 };
  const out = { source: 0, line: 0, column: 0 };
  const lines = map.mappings.split(';').map((line) => {
    let generatedColumn = 0;
    let outColumn = 0;
    const segments = [];
    // What the last segment written maps to: null after an unmapped marker; UNKNOWN at a line's start, where a
    // lookup could fall back to the end of the line before.
    let last = UNKNOWN;
    for (const text of line === '' ? [] : line.split(',')) {
      const values = decodeSegment(text);
      generatedColumn += values[0];
      if (values.length >= 4) {
        state.source += values[1];
        state.line += values[2];
        state.column += values[3];
        if (values.length >= 5) state.name += values[4];
      }
      const source = values.length >= 4 ? map.sources[state.source] : undefined;
      if (source === undefined || !keepSource(source)) {
        if (last !== null) {
          segments.push(encodeValue(generatedColumn - outColumn));
          outColumn = generatedColumn;
          last = null;
        }
        continue;
      }
      if (!sourceIndex.has(state.source)) {
        sourceIndex.set(state.source, keptSources.length);
        keptSources.push(source);
      }
      const newSource = sourceIndex.get(state.source);
      if (last !== null && last.source === newSource && last.line === state.line) continue;
      const segment =
        encodeValue(generatedColumn - outColumn) +
        encodeValue(newSource - out.source) +
        encodeValue(state.line - out.line) +
        encodeValue(state.column - out.column);
      outColumn = generatedColumn;
      out.source = newSource;
      out.line = state.line;
      out.column = state.column;
      last = { source: newSource, line: state.line };
      segments.push(segment);
    }
    return segments.join(',');
  });
  return { version: 3, sources: keptSources, names: [], mappings: lines.join(';') };
}

module.exports = { trimSourceMap };
