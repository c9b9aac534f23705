// Every error leaves as RFC 9457 application/problem+json with a stable code. 5xx say nothing internal.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode } from '../../domain/errors.ts';
import { isDatabaseFull, isDatabaseUnavailable } from '../../db/errors.ts';
import { isOutOfSpace } from '../../storage/errors.ts';

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  not_found: 404,
  conflict: 409,
  invoice_read_only: 409,
  processing_in_progress: 409,
  checks_failed: 422,
  invoices_not_exportable: 409,
  export_cancelled: 409,
  nothing_to_export: 422,
  invoices_incomplete: 422,
  webhook_target_refused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  too_many_attempts: 429,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable',
  408: 'Request Timeout', 409: 'Conflict', 413: 'Content Too Large', 414: 'URI Too Long', 415: 'Unsupported Media Type',
  422: 'Unprocessable Content', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large',
  500: 'Internal Server Error', 503: 'Service Unavailable', 507: 'Insufficient Storage',
};

/** Seconds a client is told to wait while the database is unreachable (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

// Fastify's and its plugins' own errors that are the client's fault.
const FRAMEWORK_CODES: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_FIELDS_LIMIT: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'validation_failed' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'validation_failed' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long' },
};

export const problemType = (code: string) => `urn:invoice-service:problem:${code}`;

export function sendProblem(
  request: FastifyRequest, reply: FastifyReply, status: number, code: string, detail: string, extra: Record<string, unknown> = {},
) {
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
  return reply.code(status).type('application/problem+json').send({
    type: problemType(code), title: TITLES[status] ?? 'Error', status, detail, instance: request.url.split('?')[0], code, ...extra,
  });
}

function validationErrors(error: FastifyError) {
  return (error.validation ?? []).map((v) => {
    const fromPath = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const missing = (v.params as { missingProperty?: string }).missingProperty;
    return { field: [fromPath, missing].filter(Boolean).join('.') || (error.validationContext ?? 'request'), message: v.message ?? 'is invalid' };
  });
}

/** Every error as problem+json; also Fastify's `frameworkErrors` (bad percent-encoding, over-long path parameter). */
export function sendErrorAsProblem(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const status = STATUS[error.code];
    if (error.code === 'too_many_attempts') reply.header('Retry-After', String(error.details?.retryAfter ?? 60));
    return sendProblem(request, reply, status, error.code, error.message, error.details ? { details: error.details } : {});
  }
  if (error.validation) {
    const errors = validationErrors(error);
    const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
    return sendProblem(request, reply, 400, 'validation_failed', `The request is invalid: ${detail}`, { errors });
  }
  const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
  if (known) return sendProblem(request, reply, known.status, known.code, error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendProblem(request, reply, error.statusCode, 'bad_request', error.message);
  }
  // Outages are the client's to retry (503) or the operator's to fix (507); nothing was stored.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendProblem(request, reply, 503, 'database_unavailable', 'The database is not reachable; retry shortly');
  }
  if (isOutOfSpace(error) || isDatabaseFull(error)) {
    request.log.error({ err: error }, 'out of storage space');
    return sendProblem(request, reply, 507, 'insufficient_storage', 'There is no space left to store this request; nothing was saved');
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(request, reply, 500, 'internal_error', 'An unexpected error occurred; it has been logged');
}

export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler(sendErrorAsProblem);

  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, 404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
}
