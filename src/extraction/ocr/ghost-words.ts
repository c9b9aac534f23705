// On a blurred phone scan tesseract may find a row twice: once as the row, and once as a thin line
// along its top edge, read from the same ink ("Date o of ri issue . 27 77 March March 2023 202" for
// "Date of issue : 27 March 2023"). The two lines' words then share one row, and the row reads as
// neither. Two lines of print never overlap: a word lying within a word of another line, and less
// tall than it, is read from that word's ink; and a line that is mostly such words is a ghost of the
// row, its specks between the row's words ("ri", ".") included.
import type { TextRun } from '../layout/text-run.ts';
import { MERGED_ROWS, median } from './word-heights.ts';

/** This share of a ghost's box lies inside the word it repeats. */
const INSIDE_SHARE = 0.8;
/**
 * The word it repeats was read at least this surely, and is no taller than MERGED_ROWS page words:
 * not a word standing for two rows of print, each row's own words within it.
 */
const SURE_HOST = 0.5;

/** The words, without those that repeat part of a taller word of another line, nor the lines mostly made of them. */
export function dropGhostWords(words: TextRun[]): TextRun[] {
  if (words.length < 2) return words;
  const typical = median(words.map((w) => w.h));
  // Hosts by their top, so that each word is compared with the few whose rows it could lie in.
  const hosts = words.filter((w) => (w.conf ?? 1) >= SURE_HOST && w.h <= typical * MERGED_ROWS).sort((a, b) => a.y - b.y);
  const tallest = Math.max(0, ...hosts.map((w) => w.h));
  const ghosts = new Set<TextRun>();
  for (const w of words) {
    for (let i = firstAtOrBelow(hosts, w.y - tallest); i < hosts.length && hosts[i]!.y <= w.y + w.h; i++) {
      const host = hosts[i]!;
      if (host !== w && host.ocrLine !== w.ocrLine && host.h > w.h && insideShare(w, host) >= INSIDE_SHARE) {
        ghosts.add(w);
        break;
      }
    }
  }
  if (!ghosts.size) return words;
  // Per line: [its words, its ghosts].
  const lines = new Map<string | undefined, [number, number]>();
  for (const w of words) {
    const [count, ghostCount] = lines.get(w.ocrLine) ?? [0, 0];
    lines.set(w.ocrLine, [count + 1, ghostCount + (ghosts.has(w) ? 1 : 0)]);
  }
  const ghostLine = (w: TextRun) => {
    const [count, ghostCount] = lines.get(w.ocrLine)!;
    return w.ocrLine !== undefined && ghostCount * 2 >= count;
  };
  return words.filter((w) => !ghosts.has(w) && !ghostLine(w));
}

/** The index of the first word whose top is at or below `y`, in words sorted by their tops. */
function firstAtOrBelow(sorted: TextRun[], y: number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.y < y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The share of `inner`'s box that lies within `outer`'s. */
function insideShare(inner: TextRun, outer: TextRun): number {
  const dx = Math.min(inner.x + inner.w, outer.x + outer.w) - Math.max(inner.x, outer.x);
  const dy = Math.min(inner.y + inner.h, outer.y + outer.h) - Math.max(inner.y, outer.y);
  if (dx <= 0 || dy <= 0) return 0;
  return (dx * dy) / Math.max(1, inner.w * inner.h);
}
