// Preloaded into node-red-dev (`node -r`): this machine cannot reach catalogue.nodered.org, whose catalogue.json
// node-red-dev's P08 (similar names) and N01 (unique node types) checks read, and without which its whole run
// aborts. Every axios GET of that address is answered with the catalogue in the file SCREENREC_CATALOGUE names (a
// saved copy, or `{"modules":[]}`); every other request (the npm registry, for P06, P07, D02 and D03) goes out as usual.
const Module = require('node:module');
const { readFileSync } = require('node:fs');

const CATALOGUE_URL = 'https://catalogue.nodered.org/catalogue.json';
const catalogueFile = process.env.SCREENREC_CATALOGUE;
if (catalogueFile === undefined) throw new Error('offline-catalogue.cjs needs SCREENREC_CATALOGUE: the catalogue file to serve');
const catalogue = JSON.parse(readFileSync(catalogueFile, 'utf8'));

const patched = new WeakSet();
const load = Module._load;
Module._load = function (request, ...rest) {
  const loaded = load.call(this, request, ...rest);
  if (request === 'axios' && !patched.has(loaded)) {
    patched.add(loaded);
    const get = loaded.get.bind(loaded);
    loaded.get = (url, config) => {
      if (url !== CATALOGUE_URL) return get(url, config);
      process.stderr.write(`offline-catalogue: served ${catalogueFile} for ${url}\n`);
      return Promise.resolve({ status: 200, statusText: 'OK', headers: {}, config: config ?? {}, data: catalogue });
    };
  }
  return loaded;
};
