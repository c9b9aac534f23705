// A scanned page's JPEG as grey pixels: decoded by pdf.js's own JPEG decoder (JpegImage, as pdf.js
// decodes a DCTDecode image) and turned grey by libvips. JpegImage.getData() lays out the whole RGB
// image at once (26 MB for an A4 page at 300 dpi) while its decoded samples (as much again) are still
// held. Here the rows are laid out band by band, by the same arithmetic as getData and the decoder's
// own colour conversion, and each band is turned grey before the next is laid out: one band of RGB
// exists at a time. libvips' conversion to grey works pixel by pixel, so the bands give the same
// bytes as the whole image (test/unit/jpeg-grey.test.ts).
import sharp from 'sharp';
import { JpegImage } from 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs';

/** Rows laid out and turned grey at a time: 2 MB of RGB for a 300-dpi A4 page. */
const BAND_ROWS = 256;

/** What JpegImage holds after parse(): each component's samples, in 8 x 8 blocks, and how it is subsampled. */
interface DecodedJpeg {
  width: number;
  height: number;
  components: Array<{ output: ArrayLike<number>; scaleX: number; scaleY: number; blocksPerLine: number }>;
  _decodeTransform?: Int32Array;
  readonly _isColorConversionNeeded: boolean;
  _convertYccToRgb(data: Uint8ClampedArray): Uint8ClampedArray;
}

/** The JPEG's pixels as pdf.js decodes them (getData with forceRGB, as from a PDF), turned grey. */
export async function jpegGrey(jpeg: Uint8Array, width: number, height: number): Promise<Buffer> {
  const decoder = new JpegImage();
  decoder.parse(jpeg);
  const decoded = decoder as unknown as DecodedJpeg;
  if (!laidOutByBands(decoded, width, height)) return toGrey(decoder.getData({ width, height, forceRGB: true, isSourcePDF: true }), width, height);
  const grey = Buffer.allocUnsafe(width * height);
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    (await toGrey(rgbRows(decoded, width, top, rows), width, rows)).copy(grey, top * width);
  }
  return grey;
}

/** Grey or YCbCr/RGB at its own size, with no decode transform: what rgbRows reproduces of getData. */
function laidOutByBands(decoded: DecodedJpeg, width: number, height: number): boolean {
  const channels = decoded.components.length;
  return (channels === 1 || channels === 3) && !decoded._decodeTransform && decoded.width === width && decoded.height === height;
}

async function toGrey(rgb: Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  const raw = { width, height, channels: 3 as const };
  return sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), { raw }).toColourspace('b-w').raw().toBuffer();
}

/**
 * Rows top to top + rows - 1 as RGB, as JpegImage.getData({ forceRGB: true, isSourcePDF: true })
 * gives them: its _getLinearizedBlockData for these rows (each output row reads its own rows of
 * blocks only), then its YCbCr conversion, or a grey sample repeated three times.
 */
function rgbRows(decoded: DecodedJpeg, width: number, top: number, rows: number): Uint8ClampedArray {
  const { components } = decoded;
  const count = components.length;
  const data = new Uint8ClampedArray(width * rows * count);
  const blockOffsetOfColumn = new Uint32Array(width);
  const mask3LSB = 0xfffffff8;
  for (const [i, component] of components.entries()) {
    const { output, scaleX, scaleY } = component;
    const blocksPerScanline = (component.blocksPerLine + 1) << 3;
    for (let x = 0; x < width; x++) {
      const j = 0 | (x * scaleX);
      blockOffsetOfColumn[x] = ((j & mask3LSB) << 3) | (j & 7);
    }
    let offset = i;
    for (let y = top; y < top + rows; y++) {
      const j = 0 | (y * scaleY);
      const index = (blocksPerScanline * (j & mask3LSB)) | ((j & 7) << 3);
      for (let x = 0; x < width; x++) {
        data[offset] = output[index + blockOffsetOfColumn[x]!]!;
        offset += count;
      }
    }
  }
  if (count === 3) return decoded._isColorConversionNeeded ? decoded._convertYccToRgb(data) : data;
  const rgb = new Uint8ClampedArray(data.length * 3);
  for (let i = 0; i < data.length; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = data[i]!;
  return rgb;
}
