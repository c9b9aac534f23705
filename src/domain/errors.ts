// Typed domain errors. Only the HTTP layer turns them into status codes and problem+json bodies.

export type ErrorCode =
  | 'validation_failed'
  | 'not_found'
  | 'unauthorized'
  | 'invalid_credentials'
  | 'too_many_attempts'
  | 'conflict'
  | 'idempotency_key_reused'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invoice_read_only'
  | 'processing_in_progress'
  | 'checks_failed'
  | 'invoices_not_exportable'
  | 'nothing_to_export'
  | 'invoices_incomplete'
  | 'export_cancelled'
  | 'webhook_target_refused';

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

export const validationFailed = (message: string, details?: Record<string, unknown>) =>
  new DomainError('validation_failed', message, details);
export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const unauthorized = (message = 'A valid bearer token is required') => new DomainError('unauthorized', message);
