// Keeps a source map to what Zapier's monitoring needs: the line in this repository's own sources of each stack
// frame. Segments that point into node_modules (zod, mostly) become unmapped, so such frames show the bundle's
// position rather than a wrong source line; of the segments in a run on one source line only the first stays (a
// frame names that line, at the column where the line's first mapped code starts), and every sourcesContent goes.
// That takes the map from about 220 kB to about 20 kB. `names` go too: the bundle keeps its function names
// (esbuild keepNames), so stack frames have them already.
const { decode, encode } = require('@jridgewell/sourcemap-codec');

/** @param {{sources: string[], mappings: string}} map @param {(source: string) => boolean} keepSource */
function trimSourceMap(map, keepSource) {
  const keptSources = [];
  const keptIndex = new Map();
  const lines = decode(map.mappings).map((segments) => {
    const kept = [];
    // What the last segment kept maps to: null after an unmapped marker, undefined at a line's start (where a
    // lookup could fall back to the end of the line before, so the first marker is needed).
    let last;
    for (const [column, source, line, sourceColumn] of segments) {
      const name = source === undefined ? undefined : map.sources[source];
      if (name === undefined || !keepSource(name)) {
        if (last !== null) kept.push([column]);
        last = null;
        continue;
      }
      if (!keptIndex.has(source)) keptIndex.set(source, keptSources.push(name) - 1);
      const keptSource = keptIndex.get(source);
      if (last && last.source === keptSource && last.line === line) continue;
      kept.push([column, keptSource, line, sourceColumn]);
      last = { source: keptSource, line };
    }
    return kept;
  });
  return { version: 3, sources: keptSources, names: [], mappings: encode(lines) };
}

module.exports = { trimSourceMap };
