// One signed POST to a vetted target: connects to the checked address only, never follows a
// redirect (node:http does not), and gives up after the time limit.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { VettedTarget } from './webhook-target.ts';

export interface PostResult { statusCode: number }

/** A DNS lookup that answers the vetted address whatever name is asked. */
function pinnedLookup(target: VettedTarget): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

export function postOnce(target: VettedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResult> {
  const { url } = target;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'invoice-service-webhooks/1' },
      lookup: pinnedLookup(target),
      // A fresh connection per attempt: a pooled socket could have been opened to another address.
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
    }, (response) => {
      // Only the status counts; the body is not read.
      resolve({ statusCode: response.statusCode ?? 0 });
      response.destroy();
    });
    request.on('error', (error) => reject(error.name === 'TimeoutError' || error.name === 'AbortError' ? new Error(`no answer within ${timeoutMs} ms`) : error));
    request.end(body);
  });
}
