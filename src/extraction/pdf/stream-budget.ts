// A PDF's compressed streams, measured before pdf.js sees them. pdf.js inflates a content stream,
// a font or an embedded file whole, into one growing buffer, with no limit of its own: a 1 MB
// Flate stream of zeros becomes 1 GB there. Here each stream is inflated in chunks that are counted
// and dropped, so measuring costs no memory, and stops as soon as a budget is passed.
import zlib from 'node:zlib';

/** What one stream may inflate to when its dictionary declares no image size. */
export const MAX_PLAIN_STREAM_BYTES = 32 * 1024 * 1024;
/** Bytes per pixel an image stream may hold at most (CMYK, 8 bits), plus a row's slack. */
const MAX_BYTES_PER_PIXEL = 4;
/** How far back from `stream` its dictionary is looked for. */
const DICT_WINDOW = 4096;
/** [/FlateDecode /FlateDecode]: a stream whose output is Flate again is followed this deep. */
const MAX_NESTING = 3;

export interface StreamBudget {
  /** All streams together. */
  totalBytes: number;
  /** Images: width x height as declared, at most this many pixels. */
  maxPixels: number;
}

export type BudgetVerdict = { ok: true; inflatedBytes: number } | { ok: false; reason: string };

export async function checkStreamBudget(bytes: Uint8Array, budget: StreamBudget): Promise<BudgetVerdict> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const stream of streams(pdf)) {
    const cap = streamCap(stream.dict, budget.maxPixels);
    const size = await inflatedLength(stream.data, Math.min(cap, budget.totalBytes - total) + 1);
    if (size > cap) return { ok: false, reason: `a stream at byte ${stream.offset} inflates to more than ${mb(cap)}` };
    total += size;
    if (total > budget.totalBytes) return { ok: false, reason: `its streams inflate to more than ${mb(budget.totalBytes)}` };
  }
  return { ok: true, inflatedBytes: total };
}

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;

function streamCap(dict: string, maxPixels: number): number {
  const width = Number(/\/Width\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const height = Number(/\/Height\s+(\d+)/.exec(dict)?.[1] ?? 0);
  if (!width || !height) return MAX_PLAIN_STREAM_BYTES;
  const pixels = Math.min(width * height, maxPixels);
  return Math.max(MAX_PLAIN_STREAM_BYTES, pixels * MAX_BYTES_PER_PIXEL + width * MAX_BYTES_PER_PIXEL);
}

export interface RawStream { offset: number; dict: string; dictOffset: number; dataOffset: number; data: Buffer }

/**
 * Every `stream ... endstream` in the file, found by its keywords (streams are never nested, and are
 * never inside object streams). A direct /Length is trusted when `endstream` follows it; otherwise
 * the data runs to the next `endstream`.
 */
export function* streams(pdf: Buffer): Generator<RawStream> {
  let at = 0;
  for (;;) {
    const keyword = pdf.indexOf('stream', at, 'latin1');
    if (keyword < 0) return;
    at = keyword + 6;
    if (pdf.toString('latin1', Math.max(0, keyword - 3), keyword) === 'end') continue;
    let start = at;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    if (start === at) continue; // `stream` not followed by an end of line: a word inside some data
    const dict = pdf.toString('latin1', Math.max(0, keyword - DICT_WINDOW), keyword);
    const objStart = dict.lastIndexOf(' obj');
    const ownDict = objStart >= 0 ? dict.slice(objStart) : dict;
    const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(ownDict);
    let end = declared ? start + Number(declared[1]) : -1;
    if (end < 0 || end > pdf.length || !/^\s*endstream/.test(pdf.toString('latin1', end, end + 12))) end = pdf.indexOf('endstream', start, 'latin1');
    if (end < 0) end = pdf.length;
    yield { offset: keyword, dict: ownDict, dictOffset: keyword - ownDict.length, dataOffset: start, data: pdf.subarray(start, end) };
    at = end;
  }
}

const looksLikeZlib = (chunk: Buffer) => chunk.length >= 2 && (chunk[0]! & 0x0f) === 8 && ((chunk[0]! << 8) | chunk[1]!) % 31 === 0;

/**
 * How many bytes the data inflates to, counting up to `limit` (a bigger count means "over").
 * Data that is not zlib counts as what it inflated to before the error (usually 0).
 */
function inflatedLength(data: Buffer, limit: number, depth = 0): Promise<number> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 });
    let count = 0;
    let nested: { write(chunk: Buffer): void; end(): Promise<number> } | null | undefined;
    let settled = false;
    const settle = async () => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      const inner = nested ? await nested.end() : 0;
      resolve(Math.max(count, inner));
    };
    inflate.on('data', (chunk: Buffer) => {
      if (nested === undefined) nested = depth < MAX_NESTING && looksLikeZlib(chunk) ? nestedCounter(limit, depth + 1) : null;
      nested?.write(chunk);
      count += chunk.length;
      if (count > limit) void settle();
    });
    inflate.on('error', () => void settle());
    inflate.on('end', () => void settle());
    inflate.end(data);
  });
}

/** A second counter fed chunk by chunk; its data is only known when the outer one has finished. */
function nestedCounter(limit: number, depth: number) {
  const parts: Buffer[] = [];
  let size = 0;
  return {
    write(chunk: Buffer) {
      // A bomb's outer layer is small (1 MB per GB); past this, only the outer count is kept.
      if (size + chunk.length <= MAX_PLAIN_STREAM_BYTES) parts.push(Buffer.from(chunk));
      size += chunk.length;
    },
    end: () => inflatedLength(Buffer.concat(parts), limit, depth),
  };
}
