// Light grey print (labels set in a pale colour beside bold black amounts) falls on the paper's side
// of tesseract's threshold and is read as blank: "Sous-total" and "Total" vanish, their amounts stay
// orphaned. A gamma curve darkens the greys while paper stays white and ink black.
import type { GreyImage } from './prepare-image.ts';

/** Grey 170 becomes 75; 230 becomes 187; white and black do not move. */
const GAMMA = 3;
const CURVE = Uint8Array.from({ length: 256 }, (_, v) => Math.round(255 * (v / 255) ** GAMMA));

export function darkenFaintPrint(image: GreyImage): GreyImage {
  const data = Buffer.allocUnsafe(image.data.length);
  for (let i = 0; i < data.length; i++) data[i] = CURVE[image.data[i]!]!;
  return { ...image, data };
}
