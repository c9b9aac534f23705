// Which database errors are an outage (retry later) rather than a fault in the request or the code.
// pg and PGlite raise PostgreSQL's SQLSTATE in `code`; a refused or dropped socket raises Node's.

/** SQLSTATEs of a server that is stopping, starting, or refusing sessions. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg raises these as plain Errors, without a code.
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/** True when the database cannot be reached right now: the request may succeed if retried later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/** PostgreSQL's disk_full: the database could not write, and nothing was committed. */
export function isDatabaseFull(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '53100';
}
