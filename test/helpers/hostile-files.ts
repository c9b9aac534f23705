// Hostile and huge files, generated on the spot (nothing large is committed): decompression bombs
// and a big colour scan. Shared by test/integration/hostile-files.test.ts and bench/hostile-files.ts.
import zlib from 'node:zlib';
import sharp from 'sharp';

/** A minimal PDF from object bodies (object n is bodies[n - 1]); object 1 must be the catalog. */
export function buildPdf(bodies: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

export function pdfStream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/**
 * zlib of `bytes` zeros (a multiple of 1 MiB), about 1 KB per MB, made in milliseconds: one MiB of
 * zeros is deflated once, flushed to a byte boundary, and that block is repeated (each refers back
 * only to zeros), then closed by an empty final block and the Adler-32 of the zeros.
 */
export function deflatedZeros(bytes: number): Buffer {
  const mib = 1024 * 1024;
  const block = zlib.deflateRawSync(Buffer.alloc(mib), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((bytes % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: Math.ceil(bytes / mib) }, () => block), Buffer.from([0x03, 0x00]), adler]);
}

/** One page whose content stream inflates to `bytes` zeros (NUL is white space to a PDF parser). */
export function flateBombPdf(bytes = 1024 ** 3): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    pdfStream('/Filter /FlateDecode', deflatedZeros(bytes)),
  ]);
}

/** `pages` empty A4 pages sharing one content stream. */
export function manyPagesPdf(pages = 10_000): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    pdfStream('', Buffer.from('BT ET')),
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>'),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring width x height RGB, with a few rows of real data behind it. */
export function hugePng(width = 50_000, height = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filter, no interlace
  const rows = zlib.deflateSync(Buffer.alloc(4 * (1 + width * 3)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real small JPEG whose SOF marker is rewritten to declare width x height. */
export async function hugeJpeg(width = 65_535, height = 65_535): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  for (let i = 2; i < jpeg.length - 8;) {
    if (jpeg[i] !== 0xff) throw new Error('not a JPEG marker');
    const marker = jpeg[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('no SOF marker');
}

/**
 * A scanned document as a copier makes it: `pages` A4 pages at `dpi`, colour JPEG, from a page image
 * upscaled, tinted like paper and with sensor noise (which is what makes a real scan big).
 */
export async function colourScanPdf(page: Buffer, options: { pages?: number; dpi?: number; quality?: number; noise?: number } = {}): Promise<Buffer> {
  const { pages = 3, dpi = 600, quality = 85, noise = 12 } = options;
  const width = Math.round((210 / 25.4) * dpi);
  const height = Math.round((297 / 25.4) * dpi);
  const base = await sharp(page).flatten({ background: '#ffffff' }).resize({ width, height, fit: 'fill' }).removeAlpha().toColourspace('srgb')
    .tint({ r: 250, g: 244, b: 228 }).raw().toBuffer();
  const jpegs: Buffer[] = [];
  for (let i = 0; i < pages; i++) {
    const grain = await sharp({ create: { width, height, channels: 3, background: '#ebebeb', noise: { type: 'gaussian', mean: 235, sigma: noise + i } } }).raw().toBuffer();
    jpegs.push(await sharp(base, { raw: { width, height, channels: 3 } })
      .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'multiply' }])
      .jpeg({ quality }).toBuffer());
  }
  const pageIds = jpegs.map((_, i) => 3 + i * 3);
  const objects: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
  ];
  jpegs.forEach((jpeg, i) => {
    const id = pageIds[i]!;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /XObject << /Im0 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`);
    objects.push(pdfStream('', Buffer.from('q 595.28 0 0 841.89 0 0 cm /Im0 Do Q')));
    objects.push(pdfStream(`/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`, jpeg));
  });
  return buildPdf(objects);
}

/** One page showing an RGB image of zeros, `width` x `height`, Flate-compressed (small on disk). */
export function flateImagePdf(width: number, height: number): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>',
    pdfStream('', Buffer.from('q 595 0 0 842 0 0 cm /Im0 Do Q')),
    pdfStream(`/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`, deflatedZeros(Math.ceil((width * height * 3) / 1024 ** 2) * 1024 ** 2)),
  ]);
}
