// Turns a scan, photo or rendered page into the image tesseract reads best: grey, straight, and
// large enough. Each step was measured on the corpus's scans before it was kept (README, "Design choices").
import sharp, { type Sharp } from 'sharp';
import type { RawPixels } from '../pdf/pdf-document.ts';
import { estimateSkew } from './deskew.ts';

/** Images narrower than this are upscaled: tesseract reads best with x-heights of 20+ pixels. */
const MIN_WIDTH = 1600;
/** Upscaling beyond an A4 width at 300 dpi costs time and memory and reads no better. */
const MAX_WIDTH = 2480;
/**
 * A page image larger than this (a 600-dpi scan is 35 million pixels) is scaled down to
 * OCR_TARGET_PIXELS as it is decoded: tesseract reads no better from more than ~300 dpi, and every
 * later step and the OCR worker's heap would grow to the scan's size. Every image in the corpus is
 * below it (the largest is 11.5 million), so they are read exactly as before.
 */
export const OCR_MAX_PIXELS = 12_000_000;
/** A4 at 300 dpi. */
export const OCR_TARGET_PIXELS = 2480 * 3508;
/** Below this, straightening costs more (resampling blur) than the skew does. */
const MIN_SKEW_DEGREES = 0.2;

export interface GreyImage { data: Buffer; width: number; height: number }

/** An image file's bytes (JPEG, PNG), or a rendered PDF page's pixels. */
export type PageSource = Uint8Array | Buffer | RawPixels;

/** The page grey, upright and large enough; `toPgm` turns it into what tesseract is given. */
export async function prepareImage(source: PageSource): Promise<GreyImage> {
  const grey = await decodeGrey(source);
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

/** Grey pixels of the source: an image file upright (EXIF orientation first, so that skew is measured on the page as it is read). */
export async function decodeGrey(source: PageSource): Promise<GreyImage> {
  const image = source instanceof Uint8Array
    ? downscaled(sharp(source).rotate(), await sharp(source).metadata())
    : downscaled(sharp(source.data, { raw: { width: source.width, height: source.height, channels: source.channels } }).removeAlpha(), source);
  const { data, info } = await image.grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A big scan is shrunk while it is decoded (libjpeg decodes a JPEG straight at 1/2 or 1/4 scale),
 * so its full-size pixels are never held in memory.
 */
function downscaled(image: Sharp, meta: { width?: number; height?: number; orientation?: number }): Sharp {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height <= OCR_MAX_PIXELS) return image;
  const scale = Math.sqrt(OCR_TARGET_PIXELS / (width * height));
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [height, width] : [width, height];
  return image.resize({ width: Math.round(w * scale), height: Math.round(h * scale), fit: 'inside' });
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
