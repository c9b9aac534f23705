// The OpenAPI document as a contract the tests hold the service to: every response an HTTP test
// receives through `contractInject` must be declared by the document (its status, its content
// type) and match the declared schema. The document is the one the service serves.
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Record<string, unknown> }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

export interface Contract {
  document: Record<string, any>;
  operations: Operation[];
  /** The operation a request goes to, or undefined for a path the document does not have. */
  operationFor(method: string, url: string): Operation | undefined;
  /** Asserts that the response is one the document declares for the operation. */
  check(operation: Operation, response: LightMyRequestResponse): void;
  checked: number;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export async function loadContract(app: FastifyInstance): Promise<Contract> {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, formats: { binary: true } }));
  ajv.addSchema(document, 'openapi.json');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, Operation>>(document.paths)) {
    for (const [method, operation] of Object.entries(item)) operations.push({ ...operation, method: method.toUpperCase(), path });
  }
  // Static paths first, as Fastify's router does: /invoices/totals is not /invoices/{id}.
  const params = (path: string) => (path.match(/\{/g) ?? []).length;
  const matchers = operations.map((op) => ({
    op, pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  })).sort((a, b) => params(a.op.path) - params(b.op.path));
  const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
  const contract: Contract = {
    document,
    operations,
    checked: 0,
    operationFor(method, url) {
      const path = url.split('?')[0]!;
      return matchers.find((m) => m.op.method === method.toUpperCase() && m.pattern.test(path))?.op;
    },
    check(operation, response) {
      const where = `${operation.method} ${operation.path} -> ${response.statusCode}`;
      const declared = operation.responses[String(response.statusCode)];
      assert.ok(declared, `${where}: status not declared in the OpenAPI document (body: ${response.body.slice(0, 300)})`);
      contract.checked++;
      const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (!declared.content) {
        assert.equal(response.body, '', `${where}: declared without content, but has a body`);
        return;
      }
      const media = declared.content[contentType];
      assert.ok(media, `${where}: content type ${contentType || '(none)'} not declared (declared: ${Object.keys(declared.content).join(', ')})`);
      if (!contentType.endsWith('json') || !media.schema) return;
      const ref = `openapi.json#/${pointer('paths', operation.path, operation.method.toLowerCase(), 'responses', String(response.statusCode), 'content', contentType, 'schema')}`;
      let validate = validators.get(ref);
      if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })));
      const body = response.json();
      assert.ok(validate(body), `${where}: body does not match the document: ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 500)}`);
    },
  };
  return contract;
}

/**
 * app.inject, with every response checked against the document. Requests to paths the document
 * does not describe (the web UI, /api/docs) are only required to be problem+json when they fail.
 */
export function contractInject(appOf: () => FastifyInstance) {
  let contract: Promise<Contract> | undefined;
  return async (options: InjectOptions | object): Promise<LightMyRequestResponse> => {
    const app = appOf();
    const response = await app.inject(options as InjectOptions);
    const { method = 'GET', url = '/' } = options as { method?: string; url?: string };
    const c = await (contract ??= loadContract(app));
    const operation = c.operationFor(method, url);
    if (operation) c.check(operation, response);
    else if (response.statusCode >= 400) assert.match(String(response.headers['content-type']), /^application\/problem\+json/, `${method} ${url}`);
    return response;
  };
}
