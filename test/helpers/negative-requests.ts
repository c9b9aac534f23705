// Invalid requests generated from the OpenAPI document: for every operation, one thing at a time is
// made wrong in an otherwise valid request (a parameter, a header, a body field, the body itself).
// Every value generated here violates the document, so the only right answers are 4xx.
import type { Operation } from './openapi.ts';

type Schema = {
  type?: string | string[]; enum?: unknown[]; minimum?: number; maximum?: number; minLength?: number; maxLength?: number;
  properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; additionalProperties?: boolean; $ref?: string;
};

export interface NegativeRequest { label: string; method: string; url: string; headers: Record<string, string>; payload?: string | Buffer }

/** What a valid request to an operation looks like: its path parameters, query and body. */
export interface Baseline { params?: Record<string, string>; query?: Record<string, string>; body?: Record<string, unknown>; multipart?: boolean }

const NUL = 'x\u0000y';
const HUGE = 'h'.repeat(20_000);

function typesOf(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  if (schema.enum) return ['enum'];
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

/** JSON values of the wrong type, out of range, too long or with a NUL, for a body field. */
function wrongJsonValues(schema: Schema): Array<[string, unknown]> {
  const types = typesOf(schema);
  const values: Array<[string, unknown]> = [];
  const allows = (t: string) => types.includes(t);
  if (!allows('string') && !types.includes('enum')) values.push(['a string', 'text'], ['an empty string', ''], ['spaces', '   ']);
  if (allows('string')) values.push(['a NUL', NUL]);
  if (!allows('number') && !allows('integer')) values.push(['a number', 123]);
  if (allows('integer') && !allows('number')) values.push(['a fraction', 1.5], ['an integer written as text', '30']);
  if (!allows('boolean')) values.push(['true', true]);
  if (!allows('null')) values.push(['null', null]);
  if (!allows('array')) values.push(['an array', ['x']]);
  if (!allows('object')) values.push(['an object', { nested: NUL }]);
  for (const s of schema.anyOf ?? [schema]) {
    if (s.maximum !== undefined) values.push(['above the maximum', s.maximum + 1]);
    if (s.minimum !== undefined) values.push(['below the minimum', s.minimum - 1]);
    if (s.maxLength !== undefined) values.push(['too long', 'x'.repeat(s.maxLength + 1)]);
  }
  if (types.includes('enum')) values.push(['not in the enum', 'not-a-member']);
  return values;
}

/** Query or path text that violates the parameter's schema. */
function wrongTextValues(schema: Schema): Array<[string, string]> {
  const types = typesOf(schema);
  const values: Array<[string, string]> = [['a NUL', 'a%00b'], ['bad percent-encoding', '%zz'], ['20 KB', HUGE.slice(0, 8_000)]];
  if (types.includes('integer')) {
    for (const v of ['abc', '1.5', 'Infinity', '1e309', '0x10', '-1', '99999999999999999999', '']) values.push([`"${v}"`, encodeURIComponent(v)]);
  }
  if (types.includes('enum')) values.push(['not in the enum', 'nope']);
  if (schema.maxLength !== undefined) values.push(['too long', 'x'.repeat(schema.maxLength + 1)]);
  return values;
}

function url(op: Operation, params: Record<string, string>, query: Record<string, string>) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'missing');
  const qs = Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

function multipartBody(parts: Array<{ name: string; value: string | Buffer; filename?: string }>, boundary = 'negativeBoundary') {
  const chunks = parts.flatMap((p) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n\r\n`),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

function multipartCases(dossierId: string): Array<[string, string, Buffer | string]> {
  const pdf = Buffer.from('%PDF-1.4\n% negative\n%%EOF\n');
  const ct = 'multipart/form-data; boundary=negativeBoundary';
  return [
    ['no boundary', 'multipart/form-data', multipartBody([{ name: 'dossier_id', value: dossierId }])],
    ['another boundary', 'multipart/form-data; boundary=other', multipartBody([{ name: 'dossier_id', value: dossierId }])],
    ['garbage', ct, 'garbage'],
    ['no file', ct, multipartBody([{ name: 'dossier_id', value: dossierId }])],
    ['no dossier_id', ct, multipartBody([{ name: 'file', value: pdf, filename: 'a.pdf' }])],
    ['a NUL in dossier_id', ct, multipartBody([{ name: 'dossier_id', value: NUL }, { name: 'file', value: pdf, filename: 'a.pdf' }])],
    ['an unknown dossier', ct, multipartBody([{ name: 'dossier_id', value: 'dos_unknown' }, { name: 'file', value: pdf, filename: 'a.pdf' }])],
    ['an empty file', ct, multipartBody([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: Buffer.alloc(0), filename: 'a.pdf' }])],
    ['not a PDF, JPEG or PNG', ct, multipartBody([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: 'MZ\x90 not an invoice', filename: 'a.pdf' }])],
    ['two files', ct, multipartBody([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: pdf, filename: 'a.pdf' }, { name: 'file', value: pdf, filename: 'b.pdf' }])],
    ['the file under another name', ct, multipartBody([{ name: 'dossier_id', value: dossierId }, { name: 'upload', value: pdf, filename: 'a.pdf' }])],
    ['no closing boundary', ct, multipartBody([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: pdf, filename: 'a.pdf' }]).subarray(0, -22)],
    ['JSON instead', 'application/json', JSON.stringify({ dossier_id: dossierId })],
  ];
}

export function negativeRequests(op: Operation, baseline: Baseline, auth: Record<string, string>, dossierId: string): NegativeRequest[] {
  const params = baseline.params ?? {};
  const query = baseline.query ?? {};
  const json = { ...auth, 'content-type': 'application/json' };
  const bodyText = baseline.body ? JSON.stringify(baseline.body) : undefined;
  const out: NegativeRequest[] = [];
  const add = (label: string, u: string, headers: Record<string, string>, payload?: string | Buffer) =>
    out.push({ label: `${op.operationId}: ${label}`, method: op.method, url: u, headers, ...(payload !== undefined ? { payload } : {}) });
  const base = (headers = json) => ({ url: url(op, params, query), headers, payload: bodyText });

  for (const p of op.parameters ?? []) {
    if (p.in === 'path') {
      for (const [label, value] of [...wrongTextValues(p.schema as Schema), ['101 characters', 'i'.repeat(101)], ['unknown', 'nope_0000']]) {
        add(`path ${p.name} ${label}`, url(op, { ...params, [p.name]: value }, query), json, bodyText);
      }
    } else if (p.in === 'query') {
      for (const [label, value] of wrongTextValues(p.schema as Schema)) add(`query ${p.name} ${label}`, url(op, params, { ...query, [p.name]: value }), json, bodyText);
      if (p.required) {
        const { [p.name]: _dropped, ...rest } = query;
        add(`query ${p.name} missing`, url(op, params, rest), json, bodyText);
      }
    } else if (p.in === 'header') {
      for (const [label, value] of [['empty', ''], ['8 KB', 'k'.repeat(8192)], ['a space', 'a b'], ['non-ASCII', 'clé']]) {
        add(`header ${p.name} ${label}`, base().url, { ...auth, [p.name]: value!, 'content-type': 'multipart/form-data; boundary=negativeBoundary' }, multipartBody([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: Buffer.from('%PDF-1.4\n'), filename: 'a.pdf' }]));
      }
    }
  }
  const jsonBody = op.requestBody?.content['application/json']?.schema as Schema | undefined;
  if (jsonBody && baseline.body) {
    for (const [name, schema] of Object.entries(jsonBody.properties ?? {})) {
      for (const [label, value] of wrongJsonValues(schema)) add(`body ${name} ${label}`, base().url, json, JSON.stringify({ ...baseline.body, [name]: value }));
    }
    for (const name of jsonBody.required ?? []) {
      const { [name]: _dropped, ...rest } = baseline.body;
      add(`body ${name} missing`, base().url, json, JSON.stringify(rest));
    }
    if (jsonBody.additionalProperties === false) add('body with an unknown field', base().url, json, JSON.stringify({ ...baseline.body, unknown_field: 1 }));
    for (const [label, payload] of [['an array', '[]'], ['a string', '"text"'], ['a number', '42'], ['null', 'null'], ['broken JSON', '{"a":'], ['20 KB of nesting', '['.repeat(20_000)], ['over 64 KB', JSON.stringify({ x: 'x'.repeat(70_000) })]]) {
      add(`body is ${label}`, base().url, json, payload);
    }
    add('body as text/plain', base().url, { ...auth, 'content-type': 'text/plain' }, bodyText);
    if (op.requestBody?.required) add('no body', base().url, { ...auth });
  }
  if (baseline.multipart) {
    for (const [label, contentType, payload] of multipartCases(dossierId)) add(`multipart ${label}`, base().url, { ...auth, 'content-type': contentType }, payload);
  }
  if (op.responses['401']) {
    add('no token', base().url, { 'content-type': 'application/json' }, bodyText);
    add('a token that is not a JWT', base().url, { authorization: 'Bearer not.a.jwt', 'content-type': 'application/json' }, bodyText);
    add('a Basic header', base().url, { authorization: 'Basic dXNlcjpwYXNz', 'content-type': 'application/json' }, bodyText);
  }
  return out;
}
