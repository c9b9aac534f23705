// What every request of the client goes through (openapi-fetch's `fetch`): the bearer token, one
// fresh sign-in on a 401 when the client can sign in, and bounded retries of the requests that can
// safely be sent twice on 429 and 503, waiting what Retry-After says.
import { retryAfterSeconds } from './errors.ts';
import type { Session } from './session.ts';

export interface RetryOptions {
  /** Retries after the first attempt (default 4). */
  maxRetries?: number;
  /** The longest single wait, whatever Retry-After asks, in seconds (default 30). */
  maxDelaySeconds?: number;
  /** The first wait when the server gives no Retry-After, doubled each time, in ms (default 500). */
  baseDelayMs?: number;
  /** Told before each retry, e.g. for logs or metrics. */
  onRetry?: (info: { method: string; url: string; status: number | 'network'; attempt: number; delayMs: number }) => void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** GET/HEAD/PUT/DELETE, and a POST that carries an Idempotency-Key (the server answers a repeat with the first result). */
export function isRetryable(request: Request): boolean {
  return SAFE_METHODS.has(request.method) || (request.method === 'POST' && request.headers.has('idempotency-key'));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createTransport(session: Session, fetchImpl: typeof fetch, retry: RetryOptions = {}) {
  const maxRetries = retry.maxRetries ?? 4;
  const maxDelayMs = (retry.maxDelaySeconds ?? 30) * 1000;
  const baseDelayMs = retry.baseDelayMs ?? 500;
  const delayFor = (attempt: number, header: string | null) => {
    const asked = retryAfterSeconds(header);
    return Math.min(maxDelayMs, asked !== null ? asked * 1000 : baseDelayMs * 2 ** attempt);
  };

  return async function send(original: Request): Promise<Response> {
    const retryable = isRetryable(original);
    let signedInAgain = false;
    for (let attempt = 0; ; attempt++) {
      const headers = new Headers(original.headers);
      const bearer = await session.bearer();
      if (bearer) headers.set('authorization', `Bearer ${bearer}`);
      // Every attempt sends a copy, so the original body is still there for the next one.
      const request = new Request(original.clone(), { headers });
      let response: Response;
      try {
        response = await fetchImpl(request);
      } catch (error) {
        if (!retryable || attempt >= maxRetries) throw error;
        const delayMs = delayFor(attempt, null);
        retry.onRetry?.({ method: original.method, url: original.url, status: 'network', attempt: attempt + 1, delayMs });
        await sleep(delayMs);
        continue;
      }
      // A 401 means the request was not carried out, so even a POST can be sent again once.
      if (response.status === 401 && session.canSignIn && !signedInAgain) {
        signedInAgain = true;
        await response.body?.cancel();
        await session.signIn();
        attempt--;
        continue;
      }
      if ((response.status === 429 || response.status === 503) && retryable && attempt < maxRetries) {
        const delayMs = delayFor(attempt, response.headers.get('retry-after'));
        await response.body?.cancel();
        retry.onRetry?.({ method: original.method, url: original.url, status: response.status, attempt: attempt + 1, delayMs });
        await sleep(delayMs);
        continue;
      }
      return response;
    }
  };
}
