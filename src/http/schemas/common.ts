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

/** Response entries for the usual errors of an authenticated endpoint. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, problemRef]));
}

export const bearerSecurity = [{ bearerAuth: [] as string[] }];
