// A real forwarding proxy (npm `proxy`: CONNECT tunnels and absolute-form requests) as its own process, which
// prints one JSON line per event on stdout: `listening` with its port, `connect` for each CONNECT (allowed or
// refused), and `request` for each HTTP request it carried, read from the bytes a client sends through a tunnel
// (the targets here speak plain HTTP) or from a forwarded request's line. `--refuse` answers every request with
// 407; `--credentials user:password` requires them (Basic) and answers 407 without them.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { argv, stdout } from 'node:process';
import { URL } from 'node:url';
import { createProxy } from 'proxy';

const refuse = argv.includes('--refuse');
const credentialsAt = argv.indexOf('--credentials');
const expected = credentialsAt === -1 ? undefined : `Basic ${Buffer.from(argv[credentialsAt + 1] ?? '').toString('base64')}`;

const emit = (event) => stdout.write(`${JSON.stringify(event)}\n`);
const allowed = (request) => !refuse && (expected === undefined || request.headers['proxy-authorization'] === expected);

const server = createProxy(createServer());
server.authenticate = allowed;
// Registered after the proxy's own listeners: they only watch, the proxy does the work.
server.on('connect', (request, socket) => {
  const ok = allowed(request);
  emit({ event: 'connect', target: request.url, allowed: ok });
  if (ok) socket.on('data', requestCounter(request.url));
});
server.on('request', (request) => {
  const url = new URL(request.url ?? '/', 'http://unknown');
  emit({ event: 'request', via: 'forward', target: url.host, method: request.method, path: url.pathname, allowed: allowed(request) });
});

/** Reads HTTP/1.1 requests out of a tunnel's client bytes: each head, then the body its content-length declares. */
function requestCounter(target) {
  let buffered = Buffer.alloc(0);
  let bodyLeft = 0;
  return (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (bodyLeft > 0) {
        const skipped = Math.min(bodyLeft, buffered.length);
        bodyLeft -= skipped;
        buffered = buffered.subarray(skipped);
        if (bodyLeft > 0) return;
      }
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = buffered.subarray(0, end).toString('latin1').split('\r\n');
      buffered = buffered.subarray(end + 4);
      const [method, requestTarget = '/'] = (head[0] ?? '').split(' ');
      const length = head.find((line) => /^content-length:/i.test(line));
      bodyLeft = length === undefined ? 0 : Number(length.slice(length.indexOf(':') + 1).trim());
      emit({ event: 'request', via: 'tunnel', target, method, path: requestTarget.split('?')[0] });
    }
  };
}

server.listen(0, '127.0.0.1', () => emit({ event: 'listening', port: server.address().port }));
