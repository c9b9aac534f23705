// A scanned PDF (scan-pages.ts) as it is held while its pages are decoded: the file pdf.js would
// render from, its big JPEGs shrunk as shrink-scans.ts shrinks them, but in memory allocated zeroed
// and written only where the pages' JPEGs and the file's other objects lie (calloc: untouched pages
// cost nothing). For a 600-dpi scan that is its three shrunk JPEGs (2 MB each) and a few KB, where
// the file itself is 25 MB. The JPEGs are shrunk here one page at a time, each one's libvips buffers
// collected before the next, before any page is decoded; the file can then be let go at once rather
// than when the document closes (docs/benchmarks.md, session 11).
import { releaseMemory } from '../release-memory.ts';
import { decodableAsDeclared, withoutImages, type ScanImage } from './scan-pages.ts';
import { shrunkJpeg } from './shrink-scans.ts';

/**
 * The file as described above, its pages' JPEGs now views of it (shrunk, with their new size), or
 * null when a shrunk JPEG is not one pdf.js reads as declared (the document is then pdf.js's, as a
 * scan whose JPEGs were shrunk in the file was). `maxPixels`: pdf.js's image limit.
 */
export async function shrunkScanFile(pdf: Buffer, pages: Map<number, ScanImage>, maxPixels: number): Promise<Buffer | null> {
  const file = withoutImages(pdf, [...pages.values()]);
  // The same JPEG on two pages is written and shrunk once.
  const written = new Map<number, Pick<ScanImage, 'jpeg' | 'width' | 'height'>>();
  for (const [number, scan] of pages) {
    const at = scan.jpeg.byteOffset - pdf.byteOffset;
    let image = written.get(at);
    if (!image) {
      image = await writeJpeg(file, at, scan);
      if (scan.shrink && !(await decodableAsDeclared({ ...image, grey: scan.grey }, maxPixels))) return null;
      written.set(at, image);
    }
    pages.set(number, { ...scan, ...image, shrink: undefined });
  }
  return file;
}

/** The page's JPEG written into `file` at its place, shrunk first if it is too big, as shrinkScannedImages writes it. */
async function writeJpeg(file: Buffer, at: number, scan: ScanImage): Promise<Pick<ScanImage, 'jpeg' | 'width' | 'height'>> {
  // The JPEG is the whole stream, a shrunk one followed by zeros, as pdf.js would have read it.
  const jpeg = file.subarray(at, at + scan.jpeg.length);
  const shrunk = scan.shrink && await shrunkJpeg(scan.shrink);
  if (!shrunk) {
    file.set(scan.jpeg, at);
    return { jpeg, width: scan.width, height: scan.height };
  }
  file.set(shrunk.jpeg, at);
  file.write(shrunk.dict, scan.shrink!.stream.dictOffset, 'latin1');
  releaseMemory(); // libvips' output, and the garbage of shrinking it, before the next page's
  return { jpeg, width: shrunk.width, height: shrunk.height };
}
