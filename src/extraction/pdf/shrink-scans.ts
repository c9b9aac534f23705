// A scanned PDF's page images, scaled down to what OCR needs before pdf.js touches them. pdf.js decodes
// a JPEG at full size in JavaScript, then converts it to RGBA: a 600-dpi A4 colour page (35 million
// pixels) costs it hundreds of MB and seconds, for a page then rendered at 300 dpi. libjpeg decodes
// the same JPEG straight at 1/2 or 1/4 scale. The smaller JPEG is written over the original in place
// (padded after its end marker, which decoders stop at), and the dictionary's /Width and /Height are
// rewritten with the same number of characters, so every byte offset in the file stays valid.
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
    const size = shrinkableSize(stream, maxPixels);
    if (!size) continue;
    const shrunk = await shrink(stream, size, maxPixels);
    if (!shrunk) continue;
    out ??= ownCopy(pdf); // the caller's bytes are the stored original
    out.fill(0, stream.dataOffset, stream.dataOffset + stream.data.length);
    out.set(shrunk.jpeg, stream.dataOffset);
    out.write(shrunk.dict, stream.dictOffset, 'latin1');
  }
  return out && out !== pdf ? new Uint8Array(out.buffer, out.byteOffset, out.byteLength) : bytes;
}

/** A copy in a memory block of its own (never in Node's shared pool of small buffers), which pdf.js may take over. */
function ownCopy(pdf: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(pdf.length);
  pdf.copy(copy);
  return copy;
}

function shrinkableSize(stream: RawStream, maxPixels: number): { width: number; height: number; grey: boolean } | null {
  const { dict } = stream;
  if (!SHRINKABLE.image.test(dict) || !SHRINKABLE.jpeg.test(dict) || !SHRINKABLE.bits.test(dict) || SHRINKABLE.excluded.test(dict)) return null;
  const colour = SHRINKABLE.colour.exec(dict);
  const width = Number(/\/Width\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const height = Number(/\/Height\s+(\d+)/.exec(dict)?.[1] ?? 0);
  if (!colour || !width || !height || width * height <= maxPixels) return null;
  return { width, height, grey: colour[1] === 'Gray' };
}

async function shrink(stream: RawStream, size: { width: number; height: number; grey: boolean }, maxPixels: number) {
  // A power of two, so that libjpeg's own scaled decoding does the work.
  let factor = 2;
  while ((size.width * size.height) / (factor * factor) > maxPixels) factor *= 2;
  const width = Math.floor(size.width / factor);
  const height = Math.floor(size.height / factor);
  try {
    const meta = await sharp(stream.data).metadata();
    if (meta.width !== size.width || meta.height !== size.height || (meta.orientation ?? 1) !== 1) return null;
    let image = sharp(stream.data).resize({ width, height, fit: 'fill' });
    image = size.grey ? image.toColourspace('b-w') : image.toColourspace('srgb');
    const jpeg = await image.jpeg({ quality: 92 }).toBuffer();
    const dict = stream.dict
      .replace(/\/Width\s+\d+/, (m) => `/Width ${width}`.padEnd(m.length, ' '))
      .replace(/\/Height\s+\d+/, (m) => `/Height ${height}`.padEnd(m.length, ' '));
    if (jpeg.length > stream.data.length || dict.length !== stream.dict.length) return null;
    return { jpeg, dict };
  } catch {
    return null; // not a JPEG libjpeg reads: pdf.js gets it as it is
  }
}
