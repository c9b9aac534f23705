// What the libraries inside a sandbox print (leptonica's "Error in boxClipToRectangle: box outside
// rectangle" on some receipts, pdf.js's font warnings), handed on line by line so that the service
// logs each as an entry of its JSON log instead of raw text in the middle of it.
import type { Readable } from 'node:stream';

/** A hostile file can make a library print without end: past this many lines a window, lines are only counted. */
export const LINES_PER_WINDOW = 20;
export const WINDOW_MS = 60_000;
/** A line longer than this is cut, and the rest of it skipped: one line is a message, not a dump, and is never held whole. */
export const MAX_LINE_CHARS = 500;

/** One line a library printed, and how many were dropped before it since the last one passed on. */
export type LibraryLineHandler = (line: string, dropped: number) => void;

export function relayLibraryOutput(streams: Array<Readable | null>, handle: LibraryLineHandler, now: () => number = Date.now): void {
  let windowStart = -Infinity;
  let passed = 0;
  let dropped = 0;
  const onLine = (raw: string) => {
    const line = raw.trimEnd();
    if (!line) return;
    if (now() - windowStart >= WINDOW_MS) { windowStart = now(); passed = 0; }
    if (passed >= LINES_PER_WINDOW) { dropped++; return; }
    passed++;
    handle(line, dropped);
    dropped = 0;
  };
  for (const stream of streams) {
    if (!stream) continue;
    stream.setEncoding('utf8');
    let pending = '';
    let skipping = false; // the rest of a line already cut
    stream.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop()!;
      for (const part of parts) {
        if (!skipping) onLine(part.length > MAX_LINE_CHARS ? `${part.slice(0, MAX_LINE_CHARS)}…` : part);
        skipping = false;
      }
      if (pending.length > MAX_LINE_CHARS) {
        if (!skipping) onLine(`${pending.slice(0, MAX_LINE_CHARS)}…`);
        pending = '';
        skipping = true;
      }
    });
    stream.on('end', () => { if (pending && !skipping) onLine(pending); });
  }
}
