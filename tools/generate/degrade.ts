// A page photographed with a phone: grey, 150-200 dpi, turned by 0.5-2.5 degrees, a little blur,
// sensor noise, light falling off towards one corner, and JPEG at quality 50-70. Every parameter
// comes from the document's seeded generator, so a scan is as reproducible as its PDF.
import sharp from 'sharp';
import type { Rng } from './random.ts';

/** The resolution pages are rendered at before they are degraded (invoices' pages, receipts). */
export const RENDER_DPI = 200;

export interface ScanParameters { dpi: number; angle: number; blur: number; noise: number; shade: number; corner: number; quality: number }

export function pickScanParameters(rng: Rng): ScanParameters {
  return {
    dpi: rng.int(150, 200),
    angle: (rng.chance(0.5) ? -1 : 1) * (0.5 + 2 * rng.next()),
    blur: 0.4 + 0.8 * rng.next(),
    noise: 4 + 10 * rng.next(),
    shade: 0.15 + 0.25 * rng.next(),
    corner: rng.int(0, 3),
    quality: rng.int(50, 70),
  };
}

export function describeScan(p: ScanParameters): string {
  return `${p.dpi} dpi grey, rotated ${p.angle.toFixed(2)}°, blur ${p.blur.toFixed(2)}, noise ${p.noise.toFixed(1)}, light falling ${Math.round(p.shade * 100)} % towards corner ${p.corner}, JPEG q${p.quality}`;
}

/** From a render at `sourceDpi` to a simulated phone scan (JPEG). */
export async function phoneScan(png: Buffer, sourceDpi: number, p: ScanParameters, rng: Rng): Promise<Buffer> {
  // Grey from RGB in JS: sharp's greyscale() goes through a colour-space conversion that costs
  // several times the rest of the pipeline on a 200 dpi A4 page.
  const rgb = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grey = Buffer.alloc(rgb.info.width * rgb.info.height);
  const step = rgb.info.channels;
  if (step < 3) rgb.data.copy(grey); // already grey
  else for (let i = 0, j = 0; i < grey.length; i++, j += step) grey[i] = (rgb.data[j]! * 299 + rgb.data[j + 1]! * 587 + rgb.data[j + 2]! * 114) / 1000;
  const width = Math.round((rgb.info.width * p.dpi) / sourceDpi);
  const { data, info } = await sharp(grey, { raw: { width: rgb.info.width, height: rgb.info.height, channels: 1 } })
    .resize({ width, kernel: 'cubic' }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || info.width !== width) throw new Error(`unexpected resize output ${JSON.stringify(info)}`);
  const { height } = info;
  // Light falls off linearly towards the far corner; grain is triangular noise from a 32-bit
  // xorshift seeded by the document's generator (inline: a closure call per pixel is too slow).
  const fromRight = p.corner % 2 === 1, fromBottom = p.corner >= 2;
  let state = (Math.floor(rng.next() * 0xffffffff) | 1) >>> 0;
  const amplitude = p.noise / 0xffffffff;
  for (let y = 0; y < height; y++) {
    const ly = (fromBottom ? height - y : y) / height;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const lx = (fromRight ? width - x : x) / width;
      state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
      const a = state;
      state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
      const grain = (a + state - 0xffffffff) * amplitude;
      const v = data[row + x]! * (1 - p.shade * 0.5 * (lx + ly)) + grain;
      data[row + x] = v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
    }
  }
  const desk = 70 + Math.round(rng.next() * 90);
  return sharp(data, { raw: { width, height, channels: 1 } })
    .rotate(p.angle, { background: { r: desk, g: desk, b: desk } })
    .blur(p.blur)
    .jpeg({ quality: p.quality })
    .toBuffer();
}
