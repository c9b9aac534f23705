// A scanned PDF's page images, scaled down to what OCR needs before pdf.js touches them. pdf.js decodes
// a JPEG at full size in JavaScript, then converts it to RGBA: a 600-dpi A4 colour page (35 million
// pixels) costs it hundreds of MB and seconds, for a page then rendered at 300 dpi. libjpeg decodes
// the same JPEG straight at 1/2 or 1/4 scale. The smaller JPEG is written over the original in place
// (padded after its end marker, which decoders stop at), and the dictionary's /Width and /Height are
// rewritten with the same number of characters, so every byte offset in the file stays valid.
// A scanned PDF's pages (scan-pages.ts) get the same smaller JPEGs, by the same call, written into a
// file of their own one page at a time (scan-file.ts), so that the 25 MB file can be let go.
import sharp from 'sharp';
import { MAX_RENDER_PIXELS } from './pdf-document.ts';
import { streams, type RawStream } from './stream-budget.ts';

/** Only plain 8-bit RGB or grey JPEG images; masks, decode arrays and other colour spaces are left alone. */
const SHRINKABLE = {
  image: /\/Subtype\s*\/Image\b/,
  jpeg: /\/Filter\s*(\/DCTDecode|\[\s*\/DCTDecode\s*\])/,
  colour: /\/ColorSpace\s*\/Device(RGB|Gray)\b/,
  bits: /\/BitsPerComponent\s+8\b/,
  excluded: /\/(SMask|Mask|Decode|DecodeParms|ImageMask)\b/,
};

export interface ShrinkOptions {
  maxPixels?: number;
  /** Write into the given bytes (the caller's own copy) rather than into a copy of them. */
  inPlace?: boolean;
}

export async function shrinkScannedImages(bytes: Uint8Array, { maxPixels = MAX_RENDER_PIXELS, inPlace = false }: ShrinkOptions = {}): Promise<Uint8Array> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let out: Buffer | null = inPlace ? pdf : null;
  for (const stream of streams(pdf)) {
    const jpeg = shrinkableJpeg(stream, maxPixels);
    if (!jpeg) continue;
    const shrunk = await shrunkJpeg(jpeg, maxPixels);
    if (!shrunk) continue;
    out ??= ownCopy(pdf); // the caller's bytes are the stored original
    out.fill(0, stream.dataOffset, stream.dataOffset + stream.data.length);
    out.set(shrunk.jpeg, stream.dataOffset);
    out.write(shrunk.dict, stream.dictOffset, 'latin1');
  }
  return out && out !== pdf ? new Uint8Array(out.buffer, out.byteOffset, out.byteLength) : bytes;
}

/** A JPEG image stream of the file that shrinkScannedImages would shrink (if libvips reads it), with its declared size. */
export interface ShrinkableJpeg { stream: RawStream; width: number; height: number; grey: boolean }

/**
 * The file's JPEGs that shrinkScannedImages would shrink, by the offset of their data in the file,
 * for a scanned PDF's pages to shrink theirs as it would (scan-file.ts).
 */
export function shrinkableJpegs(pdf: Buffer, maxPixels = MAX_RENDER_PIXELS): Map<number, ShrinkableJpeg> {
  const found = new Map<number, ShrinkableJpeg>();
  for (const stream of streams(pdf)) {
    const jpeg = shrinkableJpeg(stream, maxPixels);
    if (jpeg) found.set(stream.dataOffset, jpeg);
  }
  return found;
}

/** A copy in a memory block of its own (never in Node's shared pool of small buffers), which pdf.js may take over. */
function ownCopy(pdf: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(pdf.length);
  pdf.copy(copy);
  return copy;
}

function shrinkableJpeg(stream: RawStream, maxPixels: number): ShrinkableJpeg | null {
  const { dict } = stream;
  if (!SHRINKABLE.image.test(dict) || !SHRINKABLE.jpeg.test(dict) || !SHRINKABLE.bits.test(dict) || SHRINKABLE.excluded.test(dict)) return null;
  const colour = SHRINKABLE.colour.exec(dict);
  const width = Number(/\/Width\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const height = Number(/\/Height\s+(\d+)/.exec(dict)?.[1] ?? 0);
  if (!colour || !width || !height || width * height <= maxPixels) return null;
  return { stream, width, height, grey: colour[1] === 'Gray' };
}

/**
 * The smaller JPEG, its new size, and its dictionary rewritten to say so (same length); null when
 * libvips does not read it as declared or the result would not fit where the original lies.
 */
export async function shrunkJpeg(original: ShrinkableJpeg, maxPixels = MAX_RENDER_PIXELS): Promise<{ jpeg: Buffer; dict: string; width: number; height: number } | null> {
  const { stream } = original;
  // A power of two, so that libjpeg's own scaled decoding does the work.
  let factor = 2;
  while ((original.width * original.height) / (factor * factor) > maxPixels) factor *= 2;
  const width = Math.floor(original.width / factor);
  const height = Math.floor(original.height / factor);
  try {
    const meta = await sharp(stream.data).metadata();
    if (meta.width !== original.width || meta.height !== original.height || (meta.orientation ?? 1) !== 1) return null;
    const encode = (optimiseCoding: boolean) => {
      let image = sharp(stream.data).resize({ width, height, fit: 'fill' });
      image = original.grey ? image.toColourspace('b-w') : image.toColourspace('srgb');
      return image.jpeg({ quality: 92, optimiseCoding }).toBuffer();
    };
    // Optimised Huffman tables make libjpeg hold the whole image's coefficients before it writes a
    // byte (+65 MB for a 600-dpi page, against +22 without). They change how the JPEG is packed, not
    // what it decodes to: the pixels are the same either way. The optimised packing, 5 % smaller, is
    // made only when the plain one does not fit where the original lies.
    let jpeg = await encode(false);
    if (jpeg.length > stream.data.length) jpeg = await encode(true);
    const dict = stream.dict
      .replace(/\/Width\s+\d+/, (m) => `/Width ${width}`.padEnd(m.length, ' '))
      .replace(/\/Height\s+\d+/, (m) => `/Height ${height}`.padEnd(m.length, ' '));
    if (jpeg.length > stream.data.length || dict.length !== stream.dict.length) return null;
    return { jpeg, dict, width, height };
  } catch {
    return null; // not a JPEG libjpeg reads: pdf.js gets it as it is
  }
}
