// Keeps a source map to what Zapier's monitoring needs: stack frames in this repository's own sources.
// Segments that point into node_modules (zod, mostly) and every sourcesContent are dropped, which takes the
// map from about 220 kB to about 20 kB in build.zip; frames inside zod then show the bundle's position.
// `names` go too: the bundle keeps its function names (esbuild keepNames), so stack frames have them already.
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
    for (const text of line === '' ? [] : line.split(',')) {
      const values = decodeSegment(text);
      generatedColumn += values[0];
      if (values.length < 4) continue;
      state.source += values[1];
      state.line += values[2];
      state.column += values[3];
      if (values.length >= 5) state.name += values[4];
      const source = map.sources[state.source];
      if (!keepSource(source)) continue;
      if (!sourceIndex.has(state.source)) {
        sourceIndex.set(state.source, keptSources.length);
        keptSources.push(source);
      }
      const newSource = sourceIndex.get(state.source);
      let segment = encodeValue(generatedColumn - outColumn) + encodeValue(newSource - out.source) + encodeValue(state.line - out.line) + encodeValue(state.column - out.column);
      outColumn = generatedColumn;
      out.source = newSource;
      out.line = state.line;
      out.column = state.column;
      segments.push(segment);
    }
    return segments.join(',');
  });
  return { version: 3, sources: keptSources, names: [], mappings: lines.join(';') };
}

module.exports = { trimSourceMap };
