import { Type } from 'typebox';

export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Calendar date, YYYY-MM-DD', examples: ['2025-03-12'] });
export const Timestamp = Type.String({ format: 'date-time' });
export const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const Problem = Type.Object({
  type: Type.String({ description: 'Stable URI of the problem type' }),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  instance: Type.Optional(Type.String()),
  code: Type.String({ description: 'Stable machine-readable code, e.g. validation_failed' }),
  errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Structured context, e.g. the failing checks as reasons' })),
}, { $id: 'Problem', description: 'RFC 9457 problem details (application/problem+json)' });

export const problemRef = Type.Ref('Problem');

/** When each error status is answered; the Problem's code and detail say which case it is. */
export const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed or invalid (validation_failed lists the fields)',
  401: 'No valid bearer token (WWW-Authenticate says why)',
  404: 'No such resource in your firm',
  408: 'The request was not received in time',
  409: 'The resource\'s state forbids it',
  413: 'The body or the file is larger than the limit',
  414: 'A path parameter is longer than the limit',
  415: 'The body\'s or the file\'s type is not accepted',
  422: 'Understood but refused (the failing checks, an Idempotency-Key reused with another request, no invoice to export)',
  429: 'Too many requests or failed attempts; Retry-After says when to try again',
  431: 'The headers or the query string are larger than the limit',
  503: 'A dependency (the database) is not available; Retry-After says when to try again',
  507: 'No space is left to store the request; nothing was saved',
};

/** A response entry for an error status: RFC 9457 problem details. */
export function problemResponse(status: number, schema: object = problemRef) {
  return { description: PROBLEM_DESCRIPTIONS[status] ?? 'Error', content: { 'application/problem+json': { schema } } };
}

/** Response entries for the errors an endpoint can answer. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, problemResponse(s)]));
}

export const bearerSecurity = [{ bearerAuth: [] as string[] }];
