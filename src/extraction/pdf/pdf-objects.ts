// Just enough of a PDF's object syntax to follow a page to its content and its images without
// pdf.js (scan-pages.ts): pdf.js offers no way to look at a page's content without decoding every
// image on it. Objects are found by their `N G obj` keywords between the streams (the later of two
// definitions wins, as in an incremental update) and inside object streams; the xref table is not
// read. Anything it does not understand throws: its callers then leave the file to pdf.js.
import zlib from 'node:zlib';
import { MAX_PLAIN_STREAM_BYTES, streams } from './stream-budget.ts';

export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfValue[] | PdfDict;
export interface PdfName { name: string }
export interface PdfRef { ref: number }
/** A string's characters are never needed here, only where it ends. */
export interface PdfString { string: true }
export type PdfDict = Map<string, PdfValue>;

/** A content stream's operator (`cm`, `Do`, ...) or a keyword such as `obj`, `R`, `stream`. */
export interface PdfKeyword { keyword: string }
export type PdfToken = number | PdfName | PdfString | PdfKeyword | '<<' | '>>' | '[' | ']';

interface PdfObject { value: PdfValue; data?: Buffer }

export interface PdfObjects {
  /** The object's value, references followed (to a bounded depth). */
  resolve(value: PdfValue | undefined): PdfValue | undefined;
  /** The stream data of object `ref` as stored (still encoded), with its dictionary. */
  stream(value: PdfValue | undefined): { dict: PdfDict; data: Buffer } | undefined;
  /** The catalog, from the last trailer (or cross-reference stream) in the file. */
  root: PdfValue | undefined;
}

const WHITE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export const isName = (v: unknown, name?: string): v is PdfName => typeof v === 'object' && v !== null && 'name' in v && (name === undefined || v.name === name);
export const isDict = (v: unknown): v is PdfDict => v instanceof Map;
const isKeyword = (t: PdfToken | undefined, word: string) => typeof t === 'object' && 'keyword' in t && t.keyword === word;

function skipSpace(s: string, i: number): number {
  while (i < s.length) {
    if (WHITE.has(s[i]!)) i++;
    else if (s[i] === '%') while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++;
    else break;
  }
  return i;
}

/** The token at `start` and where it ends; undefined at the end of the text. */
export function readToken(s: string, start: number): [PdfToken, number] | undefined {
  let i = skipSpace(s, start);
  if (i >= s.length) return undefined;
  const c = s[i]!;
  if (c === '<' && s[i + 1] === '<') return ['<<', i + 2];
  if (c === '>' && s[i + 1] === '>') return ['>>', i + 2];
  if (c === '[' || c === ']') return [c, i + 1];
  if (c === '<') {
    const end = s.indexOf('>', i);
    if (end < 0) throw new Error('unterminated hex string');
    return [{ string: true }, end + 1];
  }
  if (c === '(') return [{ string: true }, literalStringEnd(s, i)];
  if (c === '/') {
    let end = i + 1;
    while (end < s.length && !WHITE.has(s[end]!) && !DELIMITERS.has(s[end]!)) end++;
    return [{ name: s.slice(i + 1, end).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) }, end];
  }
  if (DELIMITERS.has(c)) throw new Error(`unexpected ${c}`);
  let end = i;
  while (end < s.length && !WHITE.has(s[end]!) && !DELIMITERS.has(s[end]!)) end++;
  const word = s.slice(i, end);
  return [NUMBER.test(word) ? Number(word) : { keyword: word }, end];
}

function literalStringEnd(s: string, start: number): number {
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return i + 1;
  }
  throw new Error('unterminated string');
}

/** The value at `start` (a dictionary, array, reference, ...) and where it ends. */
export function parseValue(s: string, start: number): [PdfValue, number] {
  const first = readToken(s, start);
  if (!first) throw new Error('value expected');
  const [token, end] = first;
  if (token === '<<') {
    const dict: PdfDict = new Map();
    for (let i = end; ;) {
      const key = readToken(s, i);
      if (key?.[0] === '>>') return [dict, key[1]];
      if (!key || !isName(key[0])) throw new Error('dictionary key expected');
      const [value, next] = parseValue(s, key[1]);
      dict.set(key[0].name, value);
      i = next;
    }
  }
  if (token === '[') {
    const array: PdfValue[] = [];
    for (let i = end; ;) {
      const close = readToken(s, i);
      if (close?.[0] === ']') return [array, close[1]];
      const [value, next] = parseValue(s, i);
      array.push(value);
      i = next;
    }
  }
  if (typeof token === 'number') {
    // `12 0 R` is a reference: two integers and R.
    const generation = readToken(s, end);
    const r = generation && typeof generation[0] === 'number' ? readToken(s, generation[1]) : undefined;
    if (r && isKeyword(r[0], 'R') && Number.isInteger(token)) return [{ ref: token }, r[1]];
    return [token, end];
  }
  if (typeof token === 'object' && 'keyword' in token) {
    if (token.keyword === 'true' || token.keyword === 'false') return [token.keyword === 'true', end];
    if (token.keyword === 'null') return [null, end];
    throw new Error(`unexpected keyword ${token.keyword}`);
  }
  if (token === '>>' || token === ']') throw new Error(`unexpected ${token}`);
  return [token, end];
}

export function readObjects(pdf: Buffer): PdfObjects {
  const objects = new Map<number, PdfObject>();
  let root: PdfValue | undefined;
  const define = (num: number, object: PdfObject) => {
    objects.set(num, object);
    if (isDict(object.value) && isName(object.value.get('Type'), 'XRef')) root = object.value.get('Root') ?? root;
    if (object.data && isDict(object.value) && isName(object.value.get('Type'), 'ObjStm')) readObjectStream(object.value, object.data, define);
  };
  let gapStart = 0;
  for (const stream of streams(pdf)) {
    // Up to and with the `stream` keyword, which ends the text exactly when the object before it is the stream's.
    root = readGap(pdf.toString('latin1', gapStart, stream.offset + 'stream'.length), stream.data, define) ?? root;
    gapStart = stream.dataOffset + stream.data.length;
  }
  root = readGap(pdf.toString('latin1', gapStart), undefined, define) ?? root;

  const resolve = (value: PdfValue | undefined, depth = 0): PdfValue | undefined => {
    if (typeof value !== 'object' || value === null || !('ref' in value)) return value;
    return depth < 8 ? resolve(objects.get(value.ref)?.value, depth + 1) : undefined;
  };
  const stream = (value: PdfValue | undefined) => {
    const object = typeof value === 'object' && value !== null && 'ref' in value ? objects.get(value.ref) : undefined;
    return object?.data && isDict(object.value) ? { dict: object.value, data: object.data } : undefined;
  };
  return { resolve, stream, root };
}

/**
 * The objects in the text between two streams; the last one may be the dictionary of the stream
 * that follows (`data`). Returns the catalog reference of a `trailer` found there.
 */
function readGap(text: string, data: Buffer | undefined, define: (num: number, object: PdfObject) => void): PdfValue | undefined {
  let root: PdfValue | undefined;
  const header = /(\d+)\s+\d+\s+obj\b|\btrailer\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    try {
      const [value, end] = parseValue(text, header.lastIndex);
      header.lastIndex = end;
      if (match[1] === undefined) {
        if (isDict(value)) root = value.get('Root') ?? root;
        continue;
      }
      const next = readToken(text, end);
      const isStream = next !== undefined && isKeyword(next[0], 'stream') && next[1] === text.length;
      define(Number(match[1]), { value, data: isStream ? data : undefined });
    } catch {
      // Not an object after all (or one this reader does not follow): the search goes on after it.
    }
  }
  return root;
}

/** An object stream's objects: `/N` pairs of (number, offset) and then the objects from `/First`. */
function readObjectStream(dict: PdfDict, data: Buffer, define: (num: number, object: PdfObject) => void) {
  const text = inflate(dict, data, MAX_PLAIN_STREAM_BYTES).toString('latin1');
  const count = dict.get('N');
  const first = dict.get('First');
  if (typeof count !== 'number' || typeof first !== 'number') throw new Error('object stream without /N or /First');
  const numbers = text.slice(0, first).trim().split(/\s+/).map(Number);
  for (let i = 0; i < count; i++) {
    const [value] = parseValue(text, first + numbers[2 * i + 1]!);
    define(numbers[2 * i]!, { value });
  }
}

/** A stream's data, decoded when it is stored plain or as one Flate layer without predictor; throws otherwise or beyond `maxBytes`. */
export function inflate(dict: PdfDict, data: Buffer, maxBytes: number): Buffer {
  const filter = dict.get('Filter');
  const filters = Array.isArray(filter) ? filter : filter === undefined ? [] : [filter];
  if (filters.length === 0) return data;
  if (filters.length > 1 || !isName(filters[0], 'FlateDecode') || dict.has('DecodeParms')) throw new Error('unsupported filter');
  return zlib.inflateSync(data, { maxOutputLength: maxBytes });
}
