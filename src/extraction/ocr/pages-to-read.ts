// Which pages of a PDF are read by OCR. Long scanned PDFs: the first pages carry the header, the
// last ones the totals. Opening a PDF uses it too: only these pages' scanned images are kept aside.
const OCR_PAGES_HEAD = 2;
const OCR_PAGES_TAIL = 3;

export function pagesToRead(count: number): number[] {
  const all = Array.from({ length: count }, (_, i) => i + 1);
  if (count <= OCR_PAGES_HEAD + OCR_PAGES_TAIL) return all;
  return [...all.slice(0, OCR_PAGES_HEAD), ...all.slice(-OCR_PAGES_TAIL)];
}
