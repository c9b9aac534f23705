/** Lower-case, accents stripped, apostrophes unified: the form labels are matched in. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[\u2019'`´]/g, "'").toLowerCase();
}
