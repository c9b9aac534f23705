// The client's one error type: an API answer that is not a success, read from its problem+json body.
import type { components } from './openapi-types.ts';

export type Problem = components['schemas']['Problem'];

export class InvoiceApiError extends Error {
  readonly status: number;
  /** The stable problem type URI, e.g. urn:invoice-service:problem:not_found. */
  readonly type: string;
  /** The stable machine-readable code, e.g. not_found, validation_failed. */
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: Problem['errors'];
  readonly details: Problem['details'];
  /** Seconds the server asked to wait (429, 503), when it said so. */
  readonly retryAfter: number | undefined;

  constructor(status: number, problem: Partial<Problem>, retryAfter?: number) {
    const title = problem.title ?? `HTTP ${status}`;
    const detail = problem.detail ?? '';
    super(detail ? `${title}: ${detail}` : title);
    this.name = 'InvoiceApiError';
    this.status = status;
    this.type = problem.type ?? 'about:blank';
    this.code = problem.code ?? `http_${status}`;
    this.title = title;
    this.detail = detail;
    this.errors = problem.errors;
    this.details = problem.details;
    this.retryAfter = retryAfter;
  }

  /** Reads a failed response; a body that is not problem+json (a proxy's HTML page) still gives a usable error. */
  static async fromResponse(response: Response): Promise<InvoiceApiError> {
    const text = await response.text().catch(() => '');
    let problem: Partial<Problem> = {};
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object') problem = parsed as Partial<Problem>;
    } catch {
      problem = { title: response.statusText || `HTTP ${response.status}`, detail: text.slice(0, 200) };
    }
    return new InvoiceApiError(response.status, problem, retryAfterSeconds(response.headers.get('retry-after')) ?? undefined);
  }
}

/** Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
