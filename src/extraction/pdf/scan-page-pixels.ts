// A scanned page (scan-pages.ts) as the grey pixels its render would give, without pdf.js or a
// canvas: pdf.js's own JPEG decoder reads the JPEG, turned as the page shows it, placed and resampled as pdf.js draws
// an image (canvas.js, drawImageAtIntegerCoords and getImageSmoothingEnabled), on white, and turned
// grey as the rendered page was. An A4 page at 300 dpi then costs its 8.7 MB of grey and libvips'
// working rows, instead of pdf.js's RGB and RGBA copies of the image and a 35 MB RGBA canvas.
import sharp from 'sharp';
import { jpegGrey } from './jpeg-grey.ts';
import type { RawPixels } from './pdf-document.ts';
import { multiply, type Matrix, type ScanImage } from './scan-pages.ts';
import { releaseMemory } from '../release-memory.ts';

/** Below this, a matrix entry counts as zero (the image is not slanted). */
const EPSILON = 1e-6;
/**
 * pdf.js draws an image without smoothing (nearest pixel) when it is enlarged more than this, in
 * canvas pixels per image pixel (PDF_TO_CSS_UNITS, 96/72, as a 32-bit float), unless it asks for /Interpolate.
 */
const SMOOTHING_MAX_SCALE = Math.fround(96 / 72);

/** What pdf.js's page.getViewport() gives: page space to canvas pixels, and the page's size there. */
export interface PageViewport { transform: number[]; width: number; height: number }

/** Where the image lands on the canvas, in whole pixels (pdf.js rounds its corners), and the canvas. */
interface Placement { left: number; top: number; width: number; height: number; canvasWidth: number; canvasHeight: number }

/**
 * The page's grey pixels, the size of the canvas pdf.js would render it on; null (the page then goes
 * to pdf.js) when the image is slanted or mirrored, reaches beyond the page, or would be smoothed.
 */
export async function scanPagePixels(scan: ScanImage, viewport: PageViewport): Promise<RawPixels | null> {
  const toCanvas = multiply(scan.matrix, viewport.transform);
  const turn = clockwiseTurn(toCanvas);
  const place = placement(toCanvas, viewport);
  if (turn === null || !place) return null;
  const [turnedWidth, turnedHeight] = turn % 180 ? [scan.height, scan.width] : [scan.width, scan.height];
  const sameSize = place.width === turnedWidth && place.height === turnedHeight;
  if (!sameSize && !drawnByNearestPixel(scan, place.width / turnedWidth, place.height / turnedHeight)) return null;
  const grey = await greyAsPdfjs(scan, turn);
  // The JPEG's decoded samples (26 MB for an A4 colour page at 300 dpi) are garbage now:
  // collected here, they are gone before the page is prepared for OCR rather than after.
  releaseMemory();
  const fillsCanvas = sameSize && place.left === 0 && place.top === 0 && place.width === place.canvasWidth && place.height === place.canvasHeight;
  const pixels = fillsCanvas ? grey.data : drawOnWhite(grey, place, turn);
  return { data: pixels, width: place.canvasWidth, height: place.canvasHeight, channels: 1 };
}

/**
 * The image's grey pixels, turned as the page shows it. Nearest-pixel enlarging copies pixels, so
 * the turn to grey may come before it, and turning copies them too, so the turn may come after.
 * libjpeg was tried instead of pdf.js's decoder: it differs by one grey level on 0.2-1% of pixels (its
 * IDCT and colour conversion round otherwise), and that alone changed fields on 3 of 8 one-page scans
 * (docs/benchmarks.md).
 */
async function greyAsPdfjs(image: ScanImage, turn: 0 | 90 | 180 | 270): Promise<{ data: Buffer; width: number; height: number }> {
  const grey = await jpegGrey(image.jpeg, image.width, image.height);
  if (!turn) return { data: grey, width: image.width, height: image.height };
  const { data, info } = await sharp(grey, { raw: { width: image.width, height: image.height, channels: 1 } }).rotate(turn).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Whether pdf.js draws the image at this scale (canvas pixels per image pixel) without smoothing.
 * Smoothed resampling (Skia's bilinear, after pdf.js's own halving of images reduced more than
 * twice) is not reproduced: libvips' kernels differed by 1 to 6 grey levels a pixel on average.
 */
function drawnByNearestPixel(scan: ScanImage, scaleX: number, scaleY: number): boolean {
  return !scan.interpolate && (scaleX > SMOOTHING_MAX_SCALE || scaleY > SMOOTHING_MAX_SCALE) && scaleX >= 0.5 && scaleY >= 0.5;
}

/**
 * The clockwise turn (0, 90, 180 or 270 degrees) that puts the image the way it appears on the
 * canvas, or null for a slanted or mirrored image. The image's first row is at the top of its unit
 * square, so along a row the canvas moves by (a, b), and from row to row by (-c, -d).
 */
export function clockwiseTurn(m: Matrix): 0 | 90 | 180 | 270 | null {
  const [a, b, c, d] = m;
  const zero = (x: number) => Math.abs(x) < EPSILON;
  if (zero(b) && zero(c)) {
    if (a > 0 && d < 0) return 0;
    if (a < 0 && d > 0) return 180;
  } else if (zero(a) && zero(d)) {
    if (b > 0 && c > 0) return 90;
    if (b < 0 && c < 0) return 270;
  }
  return null;
}

/** The image's rectangle on the canvas as pdf.js rounds it; null if it is not all on the canvas. */
function placement(m: Matrix, viewport: PageViewport): Placement | null {
  const corners = [[0, 0], [1, 1]].map(([u, v]) => [u! * m[0] + v! * m[2] + m[4], u! * m[1] + v! * m[3] + m[5]] as const);
  const [x0, x1] = corners.map(([x]) => Math.round(x)).sort((p, q) => p - q) as [number, number];
  const [y0, y1] = corners.map(([, y]) => Math.round(y)).sort((p, q) => p - q) as [number, number];
  const canvasWidth = Math.ceil(viewport.width);
  const canvasHeight = Math.ceil(viewport.height);
  if (x0 < 0 || y0 < 0 || x1 > canvasWidth || y1 > canvasHeight || x1 === x0 || y1 === y0) return null;
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0, canvasWidth, canvasHeight };
}

/**
 * A white canvas with the image on it at its place, enlarged to it by the nearest pixel when the sizes
 * differ, as Skia (the canvas) samples: each canvas pixel takes the image pixel its centre falls on,
 * and a centre falling exactly on the edge between two takes the one that comes first in the image
 * as stored, before it was turned (measured on pages turned by 0, 90, 180 and 270 degrees: in a
 * 1.5-times enlargement, one canvas row or column in three falls on an edge).
 */
function drawOnWhite(image: { data: Buffer; width: number; height: number }, place: Placement, turn: 0 | 90 | 180 | 270): Buffer {
  const canvas = Buffer.alloc(place.canvasWidth * place.canvasHeight, 255);
  // Whether the stored image runs against the canvas along its x and y once turned.
  const reversedX = turn === 90 || turn === 180;
  const reversedY = turn === 180 || turn === 270;
  const source = (at: number, size: number, placed: number, reversed: boolean) => {
    const centre = ((at + 0.5) * size) / placed;
    return Math.min(size - 1, Math.max(0, reversed ? Math.floor(centre) : Math.ceil(centre) - 1));
  };
  const columns = Int32Array.from({ length: place.width }, (_, x) => source(x, image.width, place.width, reversedX));
  for (let y = 0; y < place.height; y++) {
    const from = source(y, image.height, place.height, reversedY) * image.width;
    const to = (place.top + y) * place.canvasWidth + place.left;
    for (let x = 0; x < place.width; x++) canvas[to + x] = image.data[from + columns[x]!]!;
  }
  return canvas;
}
