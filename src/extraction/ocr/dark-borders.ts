// Scans and photos of receipts often carry dark surround: the scanner lid, a torn edge, the table
// under the paper. tesseract's page segmentation can then take the whole page for one picture and
// return no words at all (seen on a corpus receipt: 0 words as scanned, 171 with the surround gone).
import type { GreyImage } from './prepare-image.ts';
import { levelAtShare } from './grey-levels.ts';

/** Darker than this is surround or ink; paper, even in uneven light, stays above it. */
const DARK = 80;
/**
 * Or darker than this share of the paper's brightness: a grey table (100-130) beside paper evened
 * to white (250) hid a whole receipt from tesseract's segmentation as surely as a black one.
 */
const SURROUND_SHARE = 0.6;
/** The paper's brightness: this quantile of the image's pixels, most of which are paper. */
const PAPER_QUANTILE = 0.75;
const WHITE = 255;

/**
 * Paints white every dark pixel connected to the image's edge (a flood fill from the border), so
 * dark surround disappears while text, which does not touch the edge, stays. Returns a new image.
 */
export function clearDarkBorders(image: GreyImage): GreyImage {
  const { width, height } = image;
  const data = Buffer.from(image.data);
  const dark = Math.max(DARK, paperLevel(data) * SURROUND_SHARE);
  const stack = new Int32Array(width * height);
  let top = 0;
  const push = (i: number) => {
    if (data[i]! < dark) {
      data[i] = WHITE;
      stack[top++] = i;
    }
  };
  for (let x = 0; x < width; x++) { push(x); push((height - 1) * width + x); }
  for (let y = 0; y < height; y++) { push(y * width); push(y * width + width - 1); }
  while (top > 0) {
    const i = stack[--top]!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < (height - 1) * width) push(i + width);
  }
  return { data, width, height };
}

function paperLevel(data: Buffer): number {
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < data.length; i += 7, count++) histogram[data[i]!]!++; // a sample is enough for a quantile
  return levelAtShare(histogram, count, PAPER_QUANTILE);
}
