// The picked supplier's name as the page prints it best: whole where a narrow column wrapped it, with
// the accents a capitalised copy lost. Another candidate must spell it so; nothing is invented.
import { lineCells, type Line } from '../layout/lines.ts';
import { fold } from './text-normalise.ts';

/** The picked name, made whole and given its accents back where another candidate spells it so. */
export function spelledAsPrinted(name: string, candidates: Array<{ name: string }>, lines: Line[]): string {
  return accentedSpelling(unwrapped(name, candidates, lines), candidates);
}

/**
 * The whole name, when the picked one is its tail wrapped onto a line of its own by a narrow column
 * ("Softwareentwicklung" over "Zimmermann GmbH" in a footer) and another candidate spells it whole
 * ("Softwareentwicklung Zimmermann GmbH · Bahnhofstraße 41 · …"): the head stands alone in the cell
 * right above the tail.
 */
function unwrapped(name: string, candidates: Array<{ name: string }>, lines: Line[]): string {
  const whole = candidates.map((c) => c.name).find((c) => c.length > name.length && c.endsWith(` ${name}`));
  if (!whole) return name;
  const head = whole.slice(0, -name.length).trim();
  const wrapped = lines.some((line, k) => {
    const tail = lineCells(line).find((c) => c.text.trim().startsWith(name));
    const above = lines[k - 1];
    return tail !== undefined && above?.page === line.page && lineCells(above).some((c) => Math.abs(c.x - tail.x) <= line.h && c.text.trim() === head);
  });
  return wrapped ? whole : name;
}

/**
 * The name as another candidate spells it with its accents, when the picked one lost them: legal
 * mentions in capitals often drop them ("ELECTRICITE GARNIER SASU" under "Électricité Garnier SASU").
 */
function accentedSpelling(name: string, candidates: Array<{ name: string }>): string {
  const accents = (s: string) => s.normalize('NFD').length - s.length;
  return candidates.filter((c) => fold(c.name) === fold(name) && accents(c.name) > accents(name)).sort((a, b) => accents(b.name) - accents(a.name))[0]?.name ?? name;
}
