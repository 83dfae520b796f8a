import { isPlainHttpOffLoopback } from 'screenrec';

describe('isPlainHttpOffLoopback: a Service URL that would send credentials unencrypted over a network', () => {
  it.each([
    'http://api.screenrec.example',
    'HTTP://API.SCREENREC.EXAMPLE:8080/x',
    ' http://10.0.0.5 ',
    'http://192.168.1.20',
    'http://[::2]',
    'http://127.0.0.1.nip.io',
  ])('refuses %s', (url) => {
    expect(isPlainHttpOffLoopback(url)).toBe(true);
  });

  it.each([
    'https://api.screenrec.example',
    'http://127.0.0.1:4010',
    'http://127.1',
    'http://2130706433',
    'http://localhost:3000',
    'http://app.localhost',
    'http://LOCALHOST.',
    'http://[::1]:8080',
    'not a url',
    '',
  ])('leaves %s alone (https, this machine, or not a URL, which the client refuses itself)', (url) => {
    expect(isPlainHttpOffLoopback(url)).toBe(false);
  });
});
