import type { BeforeRequestMiddleware } from 'zapier-platform-core';
import { connectionSecrets, serviceOrigin } from './clients';

/**
 * The last check before anything leaves: a request goes to the connection's Service URL, or, when it carries none
 * of the connection's secrets, it is the pre-signed video link fetched for a file (storage may be elsewhere).
 * Anything else is refused before it is sent.
 */
export const onlyToTheService: BeforeRequestMiddleware = (request, z, bundle) => {
  const target = new URL(request.url ?? '');
  if (target.origin === serviceOrigin(bundle)) return request;
  const sent = JSON.stringify([
    request.url,
    request.headers ?? {},
    request.params ?? {},
    typeof request.body === 'string' ? request.body : '',
  ]);
  if (request.method === 'GET' && !connectionSecrets(bundle).some((secret) => sent.includes(secret))) return request;
  throw new z.errors.Error(
    `Refused a request to ${target.origin}: this app sends the connection's credentials to its Service URL only.`,
    'REFUSED_HOST',
  );
};
