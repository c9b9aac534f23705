// Request validation, one compiler for every route. JSON bodies are checked strictly: a JSON type
// is never converted into another ("name": 123 is not a name, "true" is not a boolean). Query
// strings, path parameters and headers are text, so there an integer is converted, but only when
// it is written as decimal digits ("0x10", "1e3", "Infinity" are refused). NUL characters are
// refused everywhere: PostgreSQL cannot store them, and no field of this API has a use for one.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; its default export is the plugin function under `.default` for TS.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const baseOptions = { useDefaults: true, removeAdditional: false, allErrors: false } as const;
const strictAjv = addFormats(new Ajv({ ...baseOptions, coerceTypes: false }));
const textAjv = addFormats(new Ajv({ ...baseOptions, coerceTypes: 'array' }));

const DECIMAL_INTEGER = /^-?\d{1,15}$/;
const MAX_DEPTH = 32;

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema };

function nulError(path: string): ErrorObject {
  return { instancePath: path, schemaPath: '#', keyword: 'pattern', params: { pattern: '[^\\u0000]' }, message: 'must not contain a NUL character' };
}

/** The path of the first string holding a NUL character, in any property name or value. */
function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key.includes('\u0000')) return itemPath;
    const found = findNul(item, itemPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Integer fields of a text part that are not written as decimal digits (before Ajv converts them). */
function undecimalInteger(schema: JsonSchema, data: unknown): ErrorObject | undefined {
  if (!schema.properties || data === null || typeof data !== 'object') return undefined;
  for (const [name, property] of Object.entries(schema.properties)) {
    const raw = (data as Record<string, unknown>)[name];
    if (property.type === 'integer' && typeof raw === 'string' && !DECIMAL_INTEGER.test(raw)) {
      return { instancePath: `/${name}`, schemaPath: `#/properties/${name}/type`, keyword: 'type', params: { type: 'integer' }, message: 'must be an integer written in decimal digits' };
    }
  }
  return undefined;
}

function compile(ajv: Ajv, schema: object): ValidateFunction {
  const id = (schema as { $id?: string }).$id;
  return (id && ajv.getSchema(id)) || ajv.compile(schema);
}

export const compileRequestPart: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const isBody = httpPart === 'body';
  const validate = compile(isBody ? strictAjv : textAjv, schema);
  return (data: unknown) => {
    const nul = findNul(data);
    if (nul !== undefined) return { error: [nulError(nul)] };
    const notDecimal = isBody ? undefined : undecimalInteger(schema as JsonSchema, data);
    if (notDecimal) return { error: [notDecimal] };
    return validate(data) ? true : { error: validate.errors ?? [] };
  };
};

/** For a multipart route, whose body is streamed by its handler: the body is not validated here. */
export const multipartRequestPart: FastifySchemaCompiler<object> = (route) =>
  route.httpPart === 'body' ? () => true : compileRequestPart(route);
