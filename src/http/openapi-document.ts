// The OpenAPI document as generated from the route schemas, finished by rules that hold for every
// operation, so that no route has to repeat them:
// - a field or parameter the server fills in with a default is optional to the client;
//   a request body whose fields all have defaults may be left out (such routes treat a missing
//   body as {}, e.g. POST /invoices/{id}/validate);
// - errors that can come from the HTTP layer itself are declared where they can occur:
//   408 (the request not received in time) and 431 (headers or query string too large) anywhere, 400 and 414 (bad or over-long path
//   parameter) on operations with one, 400, 413 and 415 on every method whose body Fastify reads
//   (POST, PUT, PATCH, DELETE: a body with a content type is parsed even where none is expected);
// - outages: 503 (the database unreachable, with Retry-After) wherever the database is read, and 507
//   (no space left to store) wherever something is written.
import { problemResponse } from './schemas/common.ts';

type Schema = { required?: string[]; properties?: Record<string, Schema>; default?: unknown; [key: string]: unknown };
interface Parameter { in: string; name: string; required?: boolean; schema?: Schema }
interface MediaType { schema?: Schema; encoding?: Record<string, unknown> }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, unknown>;
}
interface Document { paths: Record<string, Record<string, Operation>>; [key: string]: unknown }

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

function makeDefaultedFieldsOptional(schema: Schema | undefined) {
  if (!schema?.properties || !schema.required) return;
  schema.required = schema.required.filter((name) => schema.properties![name]?.default === undefined);
  if (schema.required.length === 0) delete schema.required;
}

const PROBLEM = { $ref: '#/components/schemas/Problem' };

function declare(operation: Operation, statuses: number[]) {
  for (const status of statuses) operation.responses[status] ??= problemResponse(status, PROBLEM);
}

const READS_BODY = new Set(['post', 'put', 'patch', 'delete']);

function finishOperation(path: string, method: string, operation: Operation) {
  const usesDatabase = path !== '/healthz';
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.schema?.default !== undefined) parameter.required = false;
  }
  const body = operation.requestBody;
  const json = body?.content['application/json'];
  if (body && json) {
    makeDefaultedFieldsOptional(json.schema);
    if (json.schema && !json.schema.required && json.schema.minProperties === undefined) body.required = false;
  }
  if (READS_BODY.has(method)) declare(operation, [400, 413, 415]);
  const multipart = body?.content['multipart/form-data'];
  const file = multipart?.schema?.properties?.file;
  if (multipart && file) {
    file.contentMediaType = 'application/octet-stream';
    multipart.encoding = { file: { contentType: 'application/pdf, image/jpeg, image/png' } };
  }
  if (operation.parameters?.some((p) => p.in === 'path')) declare(operation, [400, 414]);
  declare(operation, [408, 431]);
  if (usesDatabase) declare(operation, [503]);
  if (usesDatabase && READS_BODY.has(method)) declare(operation, [507]);
  operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** @fastify/swagger's transformObject: receives { openapiObject } and returns the finished document. */
export function finishOpenApiDocument(generated: object) {
  const document = (generated as { openapiObject: Document }).openapiObject;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method)) finishOperation(path, method, operation);
    }
  }
  return document;
}
