// Dates as invoices print them: 12/03/2025, 12.03.2025, 12-03-25, 2025-03-12, 2025/03/12, 12 mars 2025, March 12, 2025, 12-MAR-25.
import { isoDate } from '../../domain/dates.ts';
import { fold } from './text-normalise.ts';

export interface DateMatch {
  iso: string;
  index: number;
  end: number;
  /** The date the same digits make read the other way round, when they can be read both ways (03/04/2026). */
  otherWay?: string;
  /** Its month's name is a guess: a word a letter longer or shorter than one month's name (see guessedLength). */
  guessedMonth?: boolean;
  /**
   * A dashed date of three two-digit numbers ("20-11-21") read year first, as an ISO date whose
   * century OCR lost ("2020-11-21"): the reading a page that prints ISO dates makes of it.
   */
  yearFirst?: string;
}

const MONTHS: Record<string, number> = {
  janvier: 1, janv: 1, jan: 1, january: 1, januar: 1, janner: 1, januari: 1,
  fevrier: 2, fevr: 2, fev: 2, feb: 2, february: 2, februar: 2, februari: 2,
  mars: 3, mar: 3, march: 3, marz: 3, maart: 3,
  avril: 4, avr: 4, apr: 4, april: 4,
  mai: 5, may: 5, mei: 5,
  juin: 6, jun: 6, june: 6, juni: 6,
  juillet: 7, juil: 7, jul: 7, july: 7, juli: 7,
  aout: 8, aug: 8, august: 8, augustus: 8,
  septembre: 9, sept: 9, sep: 9, september: 9,
  octobre: 10, oct: 10, october: 10, oktober: 10, okt: 10,
  novembre: 11, nov: 11, november: 11,
  decembre: 12, dec: 12, december: 12, dezember: 12, dez: 12,
};
const MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');

const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Numeric dates are day-first (France, Germany) unless the document shows it writes month-first. */
export type NumericOrder = 'dmy' | 'mdy';

const NUMERIC_DATE = /\b(\d{1,2})\s?[/.\-]\s?(\d{1,2})\s?[/.\-]\s?(\d{4}|\d{2})(?![\d])/g;

/** Three two-digit numbers joined by dashes: "20-11-21". */
const SHORT_DASHED = /^\d{2}\s?-\s?\d{2}\s?-\s?\d{2}$/;

/**
 * A two-digit year straight after another number is the tail of a longer one that a text layer split
 * up: "issued at 20 20-11-21" is 2020-11-21, not 20 November 2021.
 */
const splitNumber = (m: RegExpExecArray) => m[3]!.length === 2 && /\d\s$/.test(m.input.slice(0, m.index));

/** See PATTERNS. A name a letter longer or shorter is a guess (DateMatch.guessedMonth): "juin" garbled "julri" is one letter off German "Juli". */
const MISREAD_MONTH = { re: /\b(\d{1,2})(?:er)?\.?\s+([a-z]{4,11})\.?,?\s+(\d{4})\b/g, build: (m: RegExpExecArray) => {
  const month = misreadMonth(m[2]!);
  return month === null ? null : isoDate(Number(m[3]), month, Number(m[1]));
} };

const PATTERNS: Array<{ re: RegExp; build: (m: RegExpExecArray, order: NumericOrder) => string | null }> = [
  // OCR may part a date at a hyphen, as it does a day-first one: "2016-08- 24". Year first is
  // month next with any one separator, as ERPs set it ("2023/05/24", "2023.05.24").
  { re: /\b((?:19|20)\d{2})\s?([-/.])\s?(\d{2})\s?\2\s?(\d{2})\b/g, build: (m) => isoDate(Number(m[1]), Number(m[3]), Number(m[4])) },
  {
    re: NUMERIC_DATE,
    build: (m, order) => {
      if (splitNumber(m)) return null;
      return order === 'dmy' ? isoDate(year(m[3]!), Number(m[2]), Number(m[1])) : isoDate(year(m[3]!), Number(m[1]), Number(m[2]));
    },
  },
  // A dotted date with one of its dots read as a comma by OCR ("14,10.2018"): no amount reads so.
  {
    re: /\b(\d{1,2})(?:,(\d{1,2})\.|\.(\d{1,2}),)(\d{4})(?![\d.,])/g,
    build: (m, order) => {
      const [first, second, y] = [Number(m[1]), Number(m[2] ?? m[3]), Number(m[4])];
      return order === 'dmy' ? isoDate(y, second, first) : isoDate(y, first, second);
    },
  },
  // "5 mars 2025", and with hyphens as "5-Mar-2025" prints it.
  { re: new RegExp(`\\b(\\d{1,2})(?:er|st|nd|rd|th)?\\.?(?:\\s+|\\s?-\\s?)(${MONTH_NAMES})\\.?(?:,?\\s+|\\s?-\\s?)(\\d{4})\\b`, 'g'), build: (m) => isoDate(Number(m[3]), MONTHS[m[2]!]!, Number(m[1])) },
  // "April 11, 2026", and "April 11,2026" as OCR may read it.
  { re: new RegExp(`\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:\\s?,\\s*|\\s+)(\\d{4})\\b`, 'g'), build: (m) => isoDate(Number(m[3]), MONTHS[m[1]!]!, Number(m[2])) },
  // "21-JUL-17", as tills and ERPs print it: a two-digit year only between hyphens, where it cannot be an amount ("5 mars 25 €").
  { re: new RegExp(`\\b(\\d{1,2})-(${MONTH_NAMES})-(\\d{2})\\b`, 'g'), build: (m) => isoDate(year(m[3]!), MONTHS[m[2]!]!, Number(m[1])) },
  // "1er avril 2024" with its 1 read as a letter: "ler", "Ier" (folded to "ier").
  { re: new RegExp(`\\b[li]er\\s+(${MONTH_NAMES})\\.?\\s+(\\d{4})\\b`, 'g'), build: (m) => isoDate(Number(m[2]), MONTHS[m[1]!]!, 1) },
  // A month's name one letter off between a day and a year: OCR reads "août" as "aolt", "juin" as "jujn".
  MISREAD_MONTH,
];

/** Names of four letters or more: a shorter one is too easily another word one letter off. */
const LONG_NAMES = Object.keys(MONTHS).filter((name) => name.length >= 4);

/**
 * The month whose name `word` is one letter off (changed, missing or extra), when only one month is;
 * "rn" is also read as the "m" OCR took it for ("Septernber").
 */
function misreadMonth(word: string): number | null {
  const readings = ocrReadings(word);
  const whole = wholeName(word);
  if (whole !== undefined) return MONTHS[whole]!;
  const months = new Set(LONG_NAMES.filter((name) => readings.some((w) => w === name || oneLetterOff(w, name))).map((name) => MONTHS[name]!));
  return months.size === 1 ? [...months][0]! : null;
}

/** A word, and the word with OCR's "rn" read back as the "m" it was ("Septernber"). */
const ocrReadings = (word: string) => [word, word.replaceAll('rn', 'm')];

/**
 * The word with an umlaut's letter and dots read "ii" back as the letter it folds to ("Miirz" for
 * "März"): only as a whole name of four letters or more, since "jiin" (for "juin") would otherwise
 * read back as "jan".
 */
const umlautReadings = (word: string) => (word.includes('ii') ? ['a', 'o', 'u'].map((v) => word.replaceAll('ii', v)).filter((w) => w.length >= 4) : []);

/**
 * A month's name that a reading of the word gives whole ("rnai" is "mai", "Miirz" is "März"): no
 * guess, even a short one, which one letter off would too easily be another word.
 */
const wholeName = (word: string) => [...ocrReadings(word), ...umlautReadings(word)].find((w) => Object.hasOwn(MONTHS, w));

/**
 * A month's name read back from a word a letter longer or shorter ("julri" is German "Juli" with an
 * "r" more, or French "juin" garbled twice): a guess. A letter read as another of its shape, the
 * commonest misreading ("juiIlet", "aolt"), keeps the name's length and is no guess.
 */
function guessedLength(word: string): boolean {
  if (wholeName(word) !== undefined) return false;
  return !ocrReadings(word).some((w) => LONG_NAMES.some((name) => name.length === w.length && oneLetterOff(w, name)));
}

/** One letter changed, missing or extra between two words: how OCR misreads a word it knows. */
export function oneLetterOff(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  // After the first difference the rest must match: with a letter changed, or one missing on either side.
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1);
}

/**
 * How a document writes numeric dates: month-first only when one of its dates can be nothing else
 * (11/17/2017) and none is unambiguously day-first (17/11/2017).
 */
export function numericDateOrder(texts: string[]): NumericOrder {
  return numericDateOrderShown(texts).order;
}

/** The document's numeric order, and whether one of its dates shows it (else day-first is a default). */
export function numericDateOrderShown(texts: string[]): { order: NumericOrder; shown: boolean } {
  let dayFirst = false;
  let monthFirst = false;
  for (const text of texts) {
    for (const m of text.matchAll(NUMERIC_DATE)) {
      const [a, b] = [Number(m[1]), Number(m[2])];
      // No day or month is nought: "Sort code 20-00-00" is no date.
      if (a === 0 || b === 0) continue;
      if (a > 12 && b <= 12) dayFirst = true;
      if (b > 12 && a <= 12 && m[0].includes('/')) monthFirst = true;
    }
  }
  return { order: monthFirst && !dayFirst ? 'mdy' : 'dmy', shown: dayFirst !== monthFirst };
}

/** ISO basic format (20260815): a date only where a label says so, else any 8-digit reference would be one. */
const COMPACT = { re: /\b((?:19|20)\d{2})(\d{2})(\d{2})\b/g, build: (m: RegExpExecArray) => isoDate(Number(m[1]), Number(m[2]), Number(m[3])) };
/**
 * A month's name and its year with a speck of noise between them ("5 mai ; 2026", "9 août R 2024":
 * a ruled line or a smudge read as a mark or a letter, or as a digit with a degree sign: "2 juillet
 * 7° 2023"): a date only where a label says so.
 */
const NOISY_DMY = {
  re: new RegExp(`\\b(\\d{1,2})(?:er)?\\.?\\s+(${MONTH_NAMES})\\.?\\s+(?:[^\\s\\d]{1,3}|\\d[°º])\\s+(\\d{4})\\b`, 'g'),
  build: (m: RegExpExecArray) => isoDate(Number(m[3]), MONTHS[m[2]!]!, Number(m[1])),
};

/**
 * OCR reads a month's "O" as a zero on a till's print ("02-0CT-16", "N0V"): a word of letters and
 * zeros that is a month's name with its zeros read as "o" is that name (the text keeps its length).
 */
function monthsWithTheirOs(folded: string): string {
  return folded.replace(/(?<![\p{L}\d])[a-z0]{0,9}0[a-z0]{0,9}(?![\p{L}\d])/gu, (word) => {
    const name = word.replaceAll('0', 'o');
    return Object.hasOwn(MONTHS, name) ? name : word;
  });
}

/**
 * Every date in a text; numeric dates in the document's order (day-first by default). `labelled`
 * admits the compact ISO form and noise inside a date too, for text that follows a date label.
 */
export function findDates(text: string, order: NumericOrder = 'dmy', labelled = false): DateMatch[] {
  const folded = monthsWithTheirOs(fold(text));
  const out: DateMatch[] = [];
  for (const { re, build } of labelled ? [...PATTERNS, COMPACT, NOISY_DMY] : PATTERNS) {
    for (const m of folded.matchAll(re)) {
      const iso = build(m as RegExpExecArray, order);
      if (iso && !out.some((d) => m.index! < d.end && d.index < m.index! + m[0].length)) {
        // A dotted date is European: only a slashed or dashed one may be month-first.
        const swapped = re === NUMERIC_DATE && !m[0].includes('.') ? build(m as RegExpExecArray, order === 'dmy' ? 'mdy' : 'dmy') : null;
        const guessedMonth = re === MISREAD_MONTH.re && guessedLength(m[2]!);
        const yearFirst = re === NUMERIC_DATE && SHORT_DASHED.test(m[0]) ? isoDate(2000 + Number(m[1]), Number(m[2]), Number(m[3])) : null;
        out.push({
          iso, index: m.index!, end: m.index! + m[0].length, ...(swapped && swapped !== iso && { otherWay: swapped }), ...(guessedMonth && { guessedMonth }),
          ...(yearFirst && yearFirst !== iso && { yearFirst }),
        });
      }
    }
  }
  return out.sort((a, b) => a.index - b.index);
}
