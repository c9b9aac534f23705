// Totals are often set as "Total TTC ........ 48,90 €": a row of leader dots leads the eye from the
// label to its amount. tesseract's page segmentation takes the long dotted row for a picture or a
// separator, and drops the amount at its end with it (a clean render read "Total TTC" and no amount
// on three lines of three). Typesetters draw leaders as evenly spaced dots on one baseline; no
// letter or figure looks like eight of them in a row, so they are erased before the page is read.
import type { GreyImage } from './prepare-image.ts';

/**
 * Darker than these is ink. One threshold does not fit every leader: a phone scan blurs faint dots
 * into a grey that stays lighter than 170, of which tesseract still makes letters ("cosmos
 * somusess" between a label and its amount). So the dots are looked for at both levels, and what
 * either finds is erased; the second costs 10-60 ms a page.
 */
const INK_LEVELS = [170, 215];
/**
 * A leader dot is at most this many pixels across: a period is 3 pixels at 200 dpi, 4 to 6 at 300, and
 * a bold one blurred by a phone scan 9. Small print's letters are not much larger, so a dot must also
 * be solid, and a leader's dots one size and evenly spaced (below).
 */
const MAX_DOT = 10;
/** A dot fills most of its box (a disc, 79 %; a square, all); "e", "n" or "o" have a hole or an opening. */
const SOLID = 0.6;
/** Fewer dots than this in a row may be an ellipsis or a "..." in a name; more are a leader. */
const MIN_DOTS = 8;
/** Consecutive dots of a leader share their baseline within this many pixels (a page straightened to 0.2°). */
const BASELINE_DRIFT = 2.5;
/** The spacing of a leader's dots is even: each gap is within this share of the first, or a pixel or two. */
const EVEN_SPACING = 0.2;
const SPACING_SLACK = 2;
/** A leader's dots are one size: each within a pixel of the first (letters of small print vary). */
const SIZE_SLACK = 1;
/**
 * Neighbouring dots have at least this many pixels of paper between them. Faint dots blurred by a scan
 * and taken at the lightest ink level grow to 7 pixels with their centres 9.6 apart, so the paper
 * between them, not their spacing against their size, is what is asked.
 */
const MIN_WHITE_BETWEEN = 2;
/** Pixels around a dot's ink that are erased with it. */
const HALO = 2;
const WHITE = 255;

interface Run { y: number; x0: number; x1: number; parent: number }
interface Blob { x0: number; x1: number; y0: number; y1: number; area: number }
interface Chain { dots: number[]; gap: number; cy: number; lastX: number; w: number; h: number }

/** The page with its dot leaders erased, or null when it has none. */
export function eraseDotLeaders(image: GreyImage): GreyImage | null {
  const dots = INK_LEVELS.flatMap((ink) => {
    const blobs = blobsOf(inkRuns(image, ink));
    return leaders(blobs, (b) => hasHole(image, b, ink)).map((id) => blobs.get(id)!);
  });
  if (!dots.length) return null;
  const { width, height } = image;
  const out = Buffer.from(image.data);
  // With the grey halo a blurred dot has around its ink: the halos alone still read as a dotted row.
  for (const b of dots) {
    const [x0, x1] = [Math.max(0, b.x0 - HALO), Math.min(width - 1, b.x1 + HALO)];
    for (let y = Math.max(0, b.y0 - HALO); y <= Math.min(height - 1, b.y1 + HALO); y++) out.fill(WHITE, y * width + x0, y * width + x1 + 1);
  }
  return { data: out, width, height };
}

/** Every horizontal run of ink, joined (union-find) with the runs it touches in the row above. */
function inkRuns({ data, width, height }: GreyImage, ink: number): Run[] {
  const runs: Run[] = [];
  let above: number[] = [];
  for (let y = 0; y < height; y++) {
    const row: number[] = [];
    const base = y * width;
    let k = 0; // the first run above that may still touch this row's next run (both go left to right)
    for (let x = 0; x < width; x++) {
      if (data[base + x]! >= ink) continue;
      const x0 = x;
      while (x + 1 < width && data[base + x + 1]! < ink) x++;
      const id = runs.push({ y, x0, x1: x, parent: runs.length }) - 1;
      row.push(id);
      // Eight-connected: a run touches one above that overlaps it or meets it at a corner.
      while (k < above.length && runs[above[k]!]!.x1 < x0 - 1) k++;
      for (let j = k; j < above.length && runs[above[j]!]!.x0 <= x + 1; j++) union(runs, above[j]!, id);
    }
    above = row;
  }
  return runs;
}

function root(runs: Run[], i: number): number {
  while (runs[i]!.parent !== i) {
    runs[i]!.parent = runs[runs[i]!.parent]!.parent;
    i = runs[i]!.parent;
  }
  return i;
}

function union(runs: Run[], a: number, b: number): void {
  const [ra, rb] = [root(runs, a), root(runs, b)];
  if (ra !== rb) runs[Math.max(ra, rb)]!.parent = Math.min(ra, rb);
}

/** Each connected piece of ink's box and area, by the id of its root run. */
function blobsOf(runs: Run[]): Map<number, Blob> {
  const blobs = new Map<number, Blob>();
  runs.forEach((run, i) => {
    const r = root(runs, i);
    const b = blobs.get(r);
    const length = run.x1 - run.x0 + 1;
    if (!b) blobs.set(r, { x0: run.x0, x1: run.x1, y0: run.y, y1: run.y, area: length });
    else {
      b.x0 = Math.min(b.x0, run.x0);
      b.x1 = Math.max(b.x1, run.x1);
      b.y1 = run.y;
      b.area += length;
    }
  });
  return blobs;
}

/**
 * Whether paper inside the piece's box is closed in by its ink, as in "o", "e" or "a": a dot, however
 * blurred, has none. Small print set as tightly as a leader is told from one by this.
 */
function hasHole({ data, width }: GreyImage, b: Blob, ink: number): boolean {
  const [w, h] = [b.x1 - b.x0 + 1, b.y1 - b.y0 + 1];
  const paper = (i: number) => data[(b.y0 + Math.floor(i / w)) * width + b.x0 + (i % w)]! >= ink;
  const reached = new Uint8Array(w * h);
  const queue: number[] = [];
  for (let i = 0; i < w * h; i++) {
    const [x, y] = [i % w, Math.floor(i / w)];
    if ((x === 0 || y === 0 || x === w - 1 || y === h - 1) && paper(i)) { reached[i] = 1; queue.push(i); }
  }
  while (queue.length) {
    const i = queue.pop()!;
    const [x, y] = [i % w, Math.floor(i / w)];
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
      if (j >= 0 && !reached[j] && paper(j)) { reached[j] = 1; queue.push(j); }
    }
  }
  for (let i = 0; i < w * h; i++) if (!reached[i] && paper(i)) return true;
  return false;
}

/** The ids of the dots that belong to a leader: MIN_DOTS or more small, solid, evenly spaced on one baseline. */
function leaders(blobs: Map<number, Blob>, holed: (b: Blob) => boolean): number[] {
  const dots = [...blobs].filter(([, b]) => {
    const [w, h] = [b.x1 - b.x0 + 1, b.y1 - b.y0 + 1];
    // Round and solid: a speck of noise is a pixel or two, a comma or a hyphen is longer one way.
    return w <= MAX_DOT && h <= MAX_DOT && w * 2 >= h && h * 2 >= w && b.area >= 3 && b.area >= w * h * SOLID && !holed(b);
  }).sort(([, a], [, b]) => a.x0 - b.x0);
  const open: Chain[] = [];
  const found: number[] = [];
  const close = (chain: Chain) => {
    open.splice(open.indexOf(chain), 1);
    if (chain.dots.length >= MIN_DOTS) found.push(...chain.dots);
  };
  for (const [id, b] of dots) {
    const [w, h] = [b.x1 - b.x0 + 1, b.y1 - b.y0 + 1];
    const [cx, cy] = [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2];
    // A chain whose next dot would already be past is over.
    for (const chain of [...open]) if (cx - chain.lastX > (chain.gap ? chain.gap * 2 : MAX_DOT * 4) * (1 + EVEN_SPACING)) close(chain);
    const fits = (c: Chain) => {
      const gap = cx - c.lastX;
      if (gap < w + MIN_WHITE_BETWEEN || Math.abs(w - c.w) > SIZE_SLACK || Math.abs(h - c.h) > SIZE_SLACK) return false;
      if (!c.gap) return gap <= MAX_DOT * 4;
      // One step, or two where a scan's noise lost a dot.
      const slack = Math.max(c.gap * EVEN_SPACING, SPACING_SLACK);
      return Math.abs(gap - c.gap) <= slack || Math.abs(gap - 2 * c.gap) <= slack;
    };
    // A dot on a chain's baseline that does not continue it ends it: a leader has nothing between its
    // dots, whereas every other letter of a line of small print would otherwise make one.
    const onBaseline = open.filter((c) => Math.abs(cy - c.cy) <= BASELINE_DRIFT);
    const next = onBaseline.find(fits);
    for (const c of onBaseline) if (c !== next) close(c);
    if (next) {
      next.gap ||= cx - next.lastX;
      next.dots.push(id);
      next.cy = cy;
      next.lastX = cx;
    } else open.push({ dots: [id], gap: 0, cy, lastX: cx, w, h });
  }
  for (const chain of [...open]) close(chain);
  return found;
}
