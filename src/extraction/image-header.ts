// The size a PNG or JPEG declares, read from its first bytes, before any decoder sees it. libjpeg
// refuses dimensions over 65,500 with a decoder error; read here, such a file is named for what it
// is, an image too large, like any other over the pixel cap.

export interface DeclaredSize { width: number; height: number }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function declaredImageSize(bytes: Uint8Array): DeclaredSize | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (PNG_SIGNATURE.every((b, i) => view[i] === b)) {
    // The IHDR chunk comes first: length (4), "IHDR" (4), width (4), height (4).
    if (view.length < 24 || view.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
  }
  if (view[0] === 0xff && view[1] === 0xd8) return jpegFrameSize(view);
  return null;
}

/** SOF0..SOF15 (not DHT C4, JPG C8, DAC CC) carry precision, height, width. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegFrameSize(view: Buffer): DeclaredSize | null {
  let at = 2;
  while (at + 9 <= view.length) {
    if (view[at] !== 0xff) return null;
    const marker = view[at + 1]!;
    if (marker === 0xff) { at++; continue; } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { at += 2; continue; }
    if (marker === 0xda || marker === 0xd9) return null; // scan data before any frame header
    if (isStartOfFrame(marker)) return { height: view.readUInt16BE(at + 5), width: view.readUInt16BE(at + 7) };
    at += 2 + view.readUInt16BE(at + 2);
  }
  return null;
}
