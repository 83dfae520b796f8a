// Every suite starts with Node's own http and https request functions. They are shared by all suites of a jest
// worker, and two libraries patch them for good: nock (until restored) and zapier-platform-core, whose request
// logger wraps whatever it finds once per process and would send later suites' requests past their nock.
const http = require('node:http');
const https = require('node:https');

for (const module of [http, https]) {
  const own = (module.screenRecPristine ??= { request: module.request, get: module.get, ClientRequest: module.ClientRequest });
  module.request = own.request;
  module.get = own.get;
  if (own.ClientRequest !== undefined) module.ClientRequest = own.ClientRequest;
  delete module.patchedByZapier;
  delete module.zapierLogger;
}
