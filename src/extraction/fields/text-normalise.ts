/**
 * OCR's misreadings of "total" on a till receipt's print: "Totai", "Totel", "Tetal", "Tota1", "T0tal".
 * One letter of the word misread as a letter or digit of its shape, no more: "tonal" or "metal" stay.
 * None of them is a word of French, English or German.
 */
const TOTAL_MISREAD = /\bt(?:[0ec]tal|o[1il]al|ot[ei4]l|ota[1i|!])(?![\p{L}\d])/gu;

/** Lower-case, accents stripped, apostrophes unified, "total" as OCR misreads it restored: the form labels are matched in. */
export function fold(text: string): string {
  // Each replacement keeps the length of what it replaces: a match's place in the folded text is its place in the line.
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[\u2019'`´]/g, "'").toLowerCase().replace(TOTAL_MISREAD, 'total');
}
