// Turns a scan, photo or rendered page into the image tesseract reads best: grey, straight, and
// large enough. Each step was measured on the corpus's scans before it was kept (README, "Design choices").
import sharp, { type Sharp } from 'sharp';
import { estimateSkew } from './deskew.ts';

/** Images narrower than this are upscaled: tesseract reads best with x-heights of 20+ pixels. */
const MIN_WIDTH = 1600;
/** Upscaling beyond an A4 width at 300 dpi costs time and memory and reads no better. */
const MAX_WIDTH = 2480;
/** Below this, straightening costs more (resampling blur) than the skew does. */
const MIN_SKEW_DEGREES = 0.2;

export interface GreyImage { data: Buffer; width: number; height: number }

/** The page grey, upright and large enough; `toPgm` turns it into what tesseract is given. */
export async function prepareImage(bytes: Uint8Array | Buffer): Promise<GreyImage> {
  // EXIF orientation first, so that skew is measured on the page as it is read.
  const { data, info } = await sharp(bytes).rotate().grayscale().raw().toBuffer({ resolveWithObject: true });
  const grey: GreyImage = { data, width: info.width, height: info.height };
  const skew = await estimateSkew(grey);
  const straighten = Math.abs(skew) >= MIN_SKEW_DEGREES;
  const upscale = grey.width < MIN_WIDTH;
  if (!straighten && !upscale) return grey;
  let image = grey;
  // Upscale, then straighten: measured on the corpus's scans, rotating first read worse.
  if (upscale) image = await transform(image, (s) => s.resize({ width: Math.min(MAX_WIDTH, image.width * 2), kernel: 'lanczos3' }));
  if (straighten) image = await transform(image, (s) => s.rotate(-skew, { background: '#ffffff' }));
  return image;
}

async function transform(image: GreyImage, op: (s: Sharp) => Sharp): Promise<GreyImage> {
  const { data, info } = await op(sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } }))
    .grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A binary PGM: tesseract's image library reads it without decoding, where a PNG of a noisy scan
 * would cost a second of compression here and of decompression there.
 */
export function toPgm(image: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`), image.data]);
}
