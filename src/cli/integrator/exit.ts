// Exit codes of the integrator commands, and the one line an error is printed as.
import { InvoiceApiError } from '../../client/errors.ts';

export const EXIT = {
  ok: 0,
  /** The request failed (the API refused it, or could not be reached). */
  failure: 1,
  /** The command line is wrong: unknown option, missing argument, path that does not exist. */
  usage: 2,
  /** Not signed in, or the token is invalid, expired or revoked. */
  auth: 3,
  /** An import ran to the end, but some files were refused or failed processing. */
  partial: 4,
} as const;

/** A mistake in the command line, found after commander parsed it. */
export class UsageError extends Error {}

/** No usable credentials. */
export class AuthError extends Error {}

export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof AuthError) return EXIT.auth;
  if (error instanceof InvoiceApiError && (error.status === 401 || error.status === 403)) return EXIT.auth;
  return EXIT.failure;
}

/** One line: the problem's title and detail, or what the network said. */
export function errorLine(error: unknown): string {
  if (error instanceof InvoiceApiError) return error.detail ? `${error.title}: ${error.detail}` : error.title;
  if (error instanceof TypeError && error.cause instanceof Error) {
    // fetch() failures: "fetch failed" says nothing; the cause (ECONNREFUSED…) does.
    const cause = error.cause as NodeJS.ErrnoException;
    return `Cannot reach the service: ${cause.code ?? cause.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
