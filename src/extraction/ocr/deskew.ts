// Skew estimation by projection profiles: rotated by the right angle, a page's text rows line up, so
// the per-row ink counts are most uneven (highest sum of squares). Measured on the corpus's scans,
// recognition on the straightened image beats tesseract's own skew handling, and costs a fraction
// of its auto-rotation (README, "Design choices").
import sharp from 'sharp';
import type { GreyImage } from './prepare-image.ts';

/** The profile is computed on a small copy: rows of 1 px there are ~3 px at 300 dpi. */
const PROFILE_WIDTH = 800;
const MAX_DEGREES = 5;
/** How much darker than the blurred neighbourhood a pixel must be to count as ink (0-255). */
const INK_CONTRAST = 40;

interface Ink { xs: Int32Array; ys: Int32Array; count: number; width: number; height: number }

/**
 * Ink pixels (x, y) of a page: pixels clearly darker than their surroundings. A local rather than
 * global threshold, so that a phone scan's dark table edge or shadow does not count as text.
 */
async function inkPixels(image: GreyImage): Promise<Ink> {
  const small = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize({ width: PROFILE_WIDTH, withoutEnlargement: true })
    .grayscale(); // sharp turns one-channel input into three unless told otherwise
  const { data, info } = await small.clone().raw().toBuffer({ resolveWithObject: true });
  const background = await small.clone().blur(8).raw().toBuffer();
  const xs = new Int32Array(data.length);
  const ys = new Int32Array(data.length);
  let count = 0;
  for (let i = 0; i < data.length; i++) {
    if (background[i]! - data[i]! < INK_CONTRAST) continue;
    xs[count] = i % info.width;
    ys[count] = Math.floor(i / info.width);
    count++;
  }
  return { xs, ys, count, width: info.width, height: info.height };
}

function profileScore(ink: Ink, degrees: number): number {
  const t = Math.tan((degrees * Math.PI) / 180);
  // Rows shift by at most width * tan(MAX_DEGREES) either way: one counter per possible row.
  const margin = Math.ceil(ink.width * Math.tan((MAX_DEGREES * Math.PI) / 180)) + 1;
  const rows = new Int32Array(ink.height + 2 * margin);
  for (let i = 0; i < ink.count; i++) rows[Math.round(ink.ys[i]! - ink.xs[i]! * t) + margin]!++;
  let score = 0;
  for (const n of rows) score += n * n;
  return score;
}

function bestAngle(ink: Ink, from: number, to: number, step: number): number {
  let best = 0;
  let bestScore = -1;
  for (let a = from; a <= to + 1e-9; a += step) {
    const score = profileScore(ink, a);
    if (score > bestScore) [best, bestScore] = [a, score];
  }
  return best;
}

/** The angle, in degrees, by which the text rows descend to the right (positive: clockwise skew). */
export async function estimateSkew(image: GreyImage): Promise<number> {
  const ink = await inkPixels(image);
  if (ink.count < 500) return 0;
  const coarse = bestAngle(ink, -MAX_DEGREES, MAX_DEGREES, 0.5);
  const fine = bestAngle(ink, coarse - 0.5, coarse + 0.5, 0.1);
  return bestAngle(ink, fine - 0.1, fine + 0.1, 0.025);
}
