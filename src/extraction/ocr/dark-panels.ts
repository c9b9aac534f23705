// Invoices print their totals and their tables' headings in white on a dark box ("TOTAL TTC" on a
// band of the firm's colour). tesseract binarises the page with one threshold, so the box becomes a
// black slab and the white figures in it read as noise (a total read as a word of stray capitals), or not
// at all. Turning each such box into dark print on white paper, as the rest of the page is, lets
// them be read like any other line. Evening the light of a phone scan would also take the box for
// paper in shadow and brighten it to white, figures and all; so this comes first.
import type { GreyImage } from './prepare-image.ts';

/** Tiles in which dark boxes are looked for: smaller than the padding around a box's text at 200-300 dpi. */
const TILE = 16;
/** A tile at least this share of whose pixels are darker than PANEL_MAX lies inside a box. */
const SOLID_SHARE = 0.9;
const MAX_LIGHT = Math.floor(TILE * TILE * (1 - SOLID_SHARE));
/** Darker than this is a box's fill: a firm's colour in grey, never paper (even paper in shadow, 150+). */
const PANEL_MAX = 140;
/** A box is at least this big in pixels: a rule or a thin border is no box to read. */
const MIN_PANEL_HEIGHT = 2 * TILE;
const MIN_PANEL_WIDTH = 4 * TILE;
/**
 * A box of text is wider than tall, as its lines are; a square with a pattern in it is a logo, and
 * turning it over changes how tesseract reads the whole page (its one threshold moves).
 */
const MIN_ASPECT = 1.3;
/**
 * A box fills most of its frame, and its white print is a small part of it: a large bold letter
 * ("O", "B", strokes wider than a tile) fills less, with more hole, and is left as printed.
 */
const MIN_FILL = 0.6;
const MIN_PRINT_SHARE = 0.01;
const MAX_PRINT_SHARE = 0.3;
const WHITE = 255;

/** The page with every dark box turned into dark print on white, or null when it has none. */
export function lightenDarkPanels(image: GreyImage): GreyImage | null {
  const seeds = solidTiles(image);
  if (!seeds.length) return null;
  const { width, height } = image;
  const data = Buffer.from(image.data);
  // 0: not seen; 1: part of a box (or of a dark area that was no box); 2: print inside a box.
  const seen = new Uint8Array(width * height);
  let changed = false;
  for (const seed of seeds) {
    if (seen[seed.at]) continue;
    // The box's fill and its print's edges are darker than halfway between the fill and white.
    const threshold = (seed.level + WHITE) / 2;
    const panel = fillFrom(data, seen, width, height, seed.at, threshold);
    if (!panel || !isPanel(panel, seen, width)) continue;
    const print = enclosedPixels(seen, width, panel);
    const area = (panel.x1 - panel.x0 + 1) * (panel.y1 - panel.y0 + 1);
    if (print.length < area * MIN_PRINT_SHARE || print.length > area * MAX_PRINT_SHARE) continue;
    // Reverse video: the box's fill becomes the paper's white and its whitest print black, every shade
    // between in proportion, so the strokes keep their width and their soft edges.
    const scale = WHITE / (WHITE - seed.level);
    const invert = (i: number) => { data[i] = Math.max(0, Math.min(WHITE, Math.round((WHITE - image.data[i]!) * scale))); };
    panel.pixels.forEach(invert);
    print.forEach(invert);
    changed = true;
  }
  return changed ? { data, width, height } : null;
}

type Seed = { at: number; level: number };

/** The centres of the tiles that are all box fill, with the fill's mean grey. */
function solidTiles({ data, width, height }: GreyImage): Seed[] {
  const seeds: Seed[] = [];
  for (let ty = 0; ty + TILE <= height; ty += TILE) {
    for (let tx = 0; tx + TILE <= width; tx += TILE) {
      // Most tiles are paper: the first light pixels beyond a solid tile's share rule them out.
      let light = 0;
      let sum = 0;
      for (let y = ty; y < ty + TILE && light <= MAX_LIGHT; y++) {
        const row = y * width;
        for (let x = tx; x < tx + TILE; x++) {
          const v = data[row + x]!;
          sum += v;
          if (v >= PANEL_MAX) light++;
        }
      }
      if (light <= MAX_LIGHT) seeds.push({ at: (ty + TILE / 2) * width + tx + TILE / 2, level: sum / (TILE * TILE) });
    }
  }
  return seeds;
}

type Region = { pixels: number[]; x0: number; y0: number; x1: number; y1: number };

/**
 * The dark pixels connected to the seed, marked seen. Null when they reach the image's edge: the
 * surround of a photographed page, which dark-borders.ts deals with, is no box on the page.
 */
function fillFrom(data: Buffer, seen: Uint8Array, width: number, height: number, start: number, threshold: number): Region | null {
  const region: Region = { pixels: [], x0: width, y0: height, x1: 0, y1: 0 };
  const stack = [start];
  seen[start] = 1;
  let atEdge = false;
  // The whole dark area is marked, even once it has reached the edge: another seed in it must not
  // start it again and find a part of it that does not.
  const visit = (n: number) => {
    if (!seen[n] && data[n]! < threshold) {
      seen[n] = 1;
      stack.push(n);
    }
  };
  while (stack.length) {
    const i = stack.pop()!;
    // Once at the edge the area is no box: it is only marked, not kept (a dark photo's surround is millions of pixels).
    if (!atEdge) region.pixels.push(i);
    const x = i % width;
    const y = (i - x) / width;
    if (x < region.x0) region.x0 = x;
    if (x > region.x1) region.x1 = x;
    if (y < region.y0) region.y0 = y;
    if (y > region.y1) region.y1 = y;
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) atEdge = true;
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    if (y > 0) visit(i - width);
    if (y < height - 1) visit(i + width);
  }
  return atEdge ? null : region;
}

/**
 * A box: big enough, filling most of its frame, and square with it: the rows and columns just inside
 * each of its edges are fill from end to end, as no letter's are (an "O" meets its frame at four points).
 */
function isPanel(r: Region, seen: Uint8Array, width: number): boolean {
  const w = r.x1 - r.x0 + 1;
  const h = r.y1 - r.y0 + 1;
  if (w < MIN_PANEL_WIDTH || h < MIN_PANEL_HEIGHT || w < h * MIN_ASPECT || r.pixels.length < w * h * MIN_FILL) return false;
  const share = (count: number, at: (k: number) => number) => {
    let fill = 0;
    for (let k = 0; k < count; k++) if (seen[at(k)] === 1) fill++;
    return fill / count;
  };
  const row = (y: number) => share(w, (k) => y * width + r.x0 + k);
  const column = (x: number) => share(h, (k) => (r.y0 + k) * width + x);
  return Math.min(row(r.y0 + EDGE_INSET), row(r.y1 - EDGE_INSET), column(r.x0 + EDGE_INSET), column(r.x1 - EDGE_INSET)) >= MIN_EDGE_FILL;
}

/** How far inside its frame a box's edges are checked: a straightened scan leaves them a pixel or two aslant. */
const EDGE_INSET = 4;
/** The share of each edge that is fill: corners may be rounded, and the print may come close to an edge. */
const MIN_EDGE_FILL = 0.7;

/**
 * The pixels inside the box's frame that the box encloses: its print. What lies between the box and
 * its frame (paper beside a box that is no rectangle) is reached from the frame's border and left alone.
 */
function enclosedPixels(seen: Uint8Array, width: number, r: Region): number[] {
  const w = r.x1 - r.x0 + 1;
  const h = r.y1 - r.y0 + 1;
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const visit = (x: number, y: number) => {
    const local = y * w + x;
    if (outside[local] || seen[(r.y0 + y) * width + r.x0 + x]) return;
    outside[local] = 1;
    stack.push(local);
  };
  for (let x = 0; x < w; x++) { visit(x, 0); visit(x, h - 1); }
  for (let y = 0; y < h; y++) { visit(0, y); visit(w - 1, y); }
  while (stack.length) {
    const local = stack.pop()!;
    const x = local % w;
    const y = (local - x) / w;
    if (x > 0) visit(x - 1, y);
    if (x < w - 1) visit(x + 1, y);
    if (y > 0) visit(x, y - 1);
    if (y < h - 1) visit(x, y + 1);
  }
  const print: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (r.y0 + y) * width + r.x0 + x;
      if (!outside[y * w + x] && !seen[i]) {
        seen[i] = 2;
        print.push(i);
      }
    }
  }
  return print;
}
