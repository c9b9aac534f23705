// The seller's SIRET, SIREN and VAT number, and the IBAN; the customer's identifiers are skipped.
import { isValidSiren, isValidSiret, onlyDigits, sirenFromFrenchVat } from '../../domain/identifiers.ts';
import { COLUMN_GAP, lineCells, type Line } from '../layout/lines.ts';
import { CUSTOMER_LABELS, NAME_THEN_REGISTRATION, POSTCODE_AND_TOWN, SELLER_HEADINGS, STREET_ADDRESS } from './labels.ts';
import { fold } from './text-normalise.ts';

export interface CompanyIds { siret: string | null; siren: string | null; vatId: string | null; iban: string | null; confidence: number }

/** The customer's block: this many lines in its column under its label, looked for this far down. */
const CUSTOMER_BLOCK_LINES = 5;
const CUSTOMER_BLOCK_SPAN = 10;

/** Where the customer's column lies on the page: from x0 to x1. */
export interface CustomerColumn { x0: number; x1: number }

/**
 * The customer's block: a customer label and the few lines under it, each with the column the block
 * takes. Two-column letterheads put the customer's block on the right of the seller's ("8 rue des
 * Lilas   BOULANGERIE MARTIN"): only the cells from that column on are the customer's. When the
 * seller's block heads the next column on the label's own line ("Client :   Fournisseur :"), the
 * customer's column ends where the seller's begins.
 */
export function customerColumns(lines: Line[]): Map<number, CustomerColumn> {
  const out = new Map<number, CustomerColumn>();
  const mark = (j: number, column: CustomerColumn) => {
    const had = out.get(j);
    out.set(j, had ? { x0: Math.min(had.x0, column.x0), x1: Math.max(had.x1, column.x1) } : column);
  };
  lines.forEach((line, i) => {
    if (isReturnAddress(lines, i)) {
      markWindowBlock(lines, i, mark);
      return;
    }
    const label = CUSTOMER_LABELS.exec(fold(line.text));
    if (!label) return;
    const cells = lineCells(line);
    const at = cells.findLastIndex((c) => c.start <= label.index);
    const sellerBeside = cells.slice(at + 1).find((c) => SELLER_HEADINGS.test(fold(c.text)));
    const column = { x0: cells[at]!.x, x1: sellerBeside ? sellerBeside.x : Infinity };
    mark(i, column);
    // The block runs a few lines of its own column, and ends where the seller's own block begins.
    // Lines with no cell in that column are not its own: the seller's block beside it, which OCR
    // may read in between.
    let own = 0;
    for (let j = i + 1; j < lines.length && j <= i + CUSTOMER_BLOCK_SPAN && own < CUSTOMER_BLOCK_LINES && lines[j]!.page === line.page; j++) {
      if (SELLER_HEADINGS.test(fold(lines[j]!.text))) break;
      if (!cellsOf(lines[j]!, column).some((c) => c.customer)) continue;
      mark(j, column);
      own++;
    }
  });
  return out;
}

/**
 * The parts of a return address: "Wolf Druckerei GmbH · Goethestraße 66 · 80331 München". OCR reads
 * the dots as dashes, bars or "©", or loses them.
 */
const RETURN_ADDRESS_PARTS = /\s*[·•|©®«»*]\s*|\s+[-–]\s+/;
/** A return address is printed smaller than the address under it: under this share of its height. */
const SMALLER_PRINT = 0.8;
/** The lines of an addressee's block in an envelope's window: name, person, street, town, country. */
const WINDOW_BLOCK_LINES = 6;
/** A gap between two of its lines wider than this many line heights ends the block. */
const WINDOW_BLOCK_GAP = 3;

/**
 * A return address: the sender's name, street and town on one line of their own, parted by dots,
 * bars or dashes (or in smaller print, ending in the town), just over the addressee's block in the
 * window of a DIN 5008 envelope, that block starting where it starts. The addressee is the
 * customer; the sender is the seller, whose name opens the line.
 */
export function isReturnAddress(lines: Line[], i: number): boolean {
  const line = lines[i]!;
  const next = lines[i + 1];
  if (!next || next.page !== line.page || lineCells(line).length !== 1) return false;
  const parts = line.text.split(RETURN_ADDRESS_PARTS).map((p) => p.trim()).filter(Boolean);
  const partedAddress = parts.length >= 3 && parts.slice(1).some((p) => POSTCODE_AND_TOWN.test(p) || STREET_ADDRESS.test(fold(p)));
  // A separator lost: smaller print that ends in the postcode and town still says it.
  const smallEnding = parts.length >= 2 && POSTCODE_AND_TOWN.test(parts.at(-1)!) && line.h < next.h * SMALLER_PRINT;
  if (!partedAddress && !smallEnding) return false;
  const x = line.runs[0]!.x;
  return Math.abs(lineCells(next)[0]!.x - x) <= line.h * 2 && next.y - line.y <= next.h * WINDOW_BLOCK_GAP;
}

/**
 * The addressee's block under a return address: the lines whose first cell starts under it, until a
 * wide gap, the column ending where the next cell of any of them begins (the invoice's own details
 * often stand beside the window).
 */
function markWindowBlock(lines: Line[], i: number, mark: (j: number, column: CustomerColumn) => void): void {
  const x0 = lines[i]!.runs[0]!.x;
  const block: number[] = [];
  for (let j = i + 1; j < lines.length && block.length < WINDOW_BLOCK_LINES; j++) {
    const line = lines[j]!;
    const above = lines[block.at(-1) ?? i]!;
    if (line.page !== above.page || line.y - above.y > line.h * WINDOW_BLOCK_GAP) break;
    if (Math.abs(lineCells(line)[0]!.x - x0) > line.h * 2) continue;
    block.push(j);
  }
  const beside = block.flatMap((j) => lineCells(lines[j]!).slice(1).map((c) => c.x));
  const column = { x0, x1: beside.length ? Math.min(...beside) : Infinity };
  for (const j of block) mark(j, column);
}

/** Each line's text outside the customer's block: the whole line, its cells outside the customer's column, or nothing. */
export function textsOutsideCustomer(lines: Line[], columns: Map<number, CustomerColumn>): string[] {
  return lines.map((line, i) => {
    const column = columns.get(i);
    return column ? cellsOf(line, column).filter((c) => !c.customer).map((c) => c.text).join(COLUMN_GAP) : line.text;
  });
}

/** A line's cells, each the customer's when it starts in the customer's column (give or take OCR's jitter). */
function cellsOf(line: Line, column: CustomerColumn): Array<{ text: string; customer: boolean }> {
  const jitter = line.h * 2;
  return lineCells(line).map((c) => ({ text: c.text, customer: c.x >= column.x0 - jitter && c.x < column.x1 - jitter }));
}

function ibanValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** Legal mentions (capital, registry, activity code) name the seller, whatever block they sit in. */
const LEGAL_MENTIONS = /\b(capital|rcs|r\.c\.s|naf|ape|siege social|immatricul\w*)\b/;

/** How a SIRET is grouped in print: whole, SIREN + establishment, or by threes. */
const SIRET_GROUPINGS = new Set(['14', '9 5', '3 3 3 5', '3 3 3 3 2']);

/**
 * SIRET-shaped numbers in a line ("819 158 676 000 18", "81915867600018"), also when glued to
 * another number (a postcode after it). `labelled` says whether "SIRET" stands right before it.
 */
function siretShapedNumbers(text: string): Array<{ digits: string; labelled: boolean }> {
  const out: Array<{ digits: string; labelled: boolean }> = [];
  for (const m of text.matchAll(/(?<![\w.,])\d{2,14}(?:[ .\u00a0]\d{2,12})*(?![\w,])/g)) {
    const groups = m[0].split(/[ .\u00a0]/);
    const labelled = /siret\W{0,5}$/i.test(text.slice(0, m.index));
    for (let first = 0; first < groups.length; first++) {
      for (let last = first; last < groups.length; last++) {
        const span = groups.slice(first, last + 1);
        const digits = span.join('');
        if (SIRET_GROUPINGS.has(span.map((g) => g.length).join(' '))) out.push({ digits, labelled: labelled && first === 0 });
        // OCR drops the spaces between groups ("523071 15700045" for "523 071 157 00045"): printed
        // as the SIRET, 14 digits however grouped are one when their checksum holds.
        else if (labelled && first === 0 && digits.length === 14 && isValidSiret(digits)) out.push({ digits, labelled: true });
      }
    }
  }
  return out;
}

type Found = { value: string; seller: boolean; legal: boolean };

export function readCompanyIds(lines: Line[]): CompanyIds {
  const customer = customerColumns(lines);
  const sirets: Array<Found & { valid: boolean }> = [];
  const sirens: Found[] = [];
  const vats: Found[] = [];
  let iban: string | null = null;
  // Cell by cell where the customer's block shares its lines with the seller's; whole lines elsewhere.
  const parts = lines.flatMap((line, i) => {
    const column = customer.get(i);
    return column ? cellsOf(line, column) : [{ text: line.text, customer: false }];
  });
  parts.forEach((part) => {
    const text = fold(part.text);
    const seller = !part.customer && !/\bclient|customer|kunde\b/.test(text);
    // A sole trader has no capital to print: its name then its SIRET ("Léa Moreau - N° SIRET …") are its mentions.
    const legal = LEGAL_MENTIONS.test(text) || NAME_THEN_REGISTRATION.test(text);
    for (const { digits, labelled } of siretShapedNumbers(part.text)) {
      // A number printed as the SIRET is reported even when its checksum fails (the check then
      // sends the invoice to review); an unlabelled one must pass it to be a SIRET at all.
      const valid = isValidSiret(digits);
      if (valid || labelled) sirets.push({ value: digits, seller, legal, valid });
    }
    if (/\b(siren|rcs|r\.c\.s)\b/.test(text)) {
      for (const m of part.text.matchAll(/(?<!\d)(\d{3}[ .\u00a0]?\d{3}[ .\u00a0]?\d{3})(?![ .\u00a0]?\d)/g)) {
        const digits = onlyDigits(m[1]!);
        if (isValidSiren(digits)) sirens.push({ value: digits, seller, legal });
      }
    }
    for (const m of part.text.toUpperCase().matchAll(/\bFR[ .]?([0-9A-Z]{2})[ .]?(\d{3})[ .]?(\d{3})[ .]?(\d{3})\b/g)) {
      const vat = `FR${m[1]}${m[2]}${m[3]}${m[4]}`;
      if (sirenFromFrenchVat(vat)) vats.push({ value: vat, seller, legal });
    }
    for (const m of part.text.toUpperCase().matchAll(/\b([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?)\b/g)) {
      const compact = m[1]!.replace(/ /g, '');
      if (!iban && compact.length >= 15 && ibanValid(compact)) iban = compact;
    }
  });
  // The seller's identifiers: those in its legal mentions first, then any outside the customer's
  // block. Within each, a SIRET that agrees with a VAT number beside it, then a valid one, then one
  // printed as the SIRET that fails its checksum.
  const sellerFirst = <T extends Found>(list: T[]) => [...list.filter((f) => f.seller && f.legal), ...list.filter((f) => f.seller && !f.legal)];
  const sellerVats = sellerFirst(vats);
  const vatSirens = new Set(sellerVats.map((v) => sirenFromFrenchVat(v.value)));
  const agrees = (s: { value: string }) => vatSirens.has(s.value.slice(0, 9));
  const rank = (s: (typeof sirets)[number]) => (s.legal ? 4 : 0) + (s.valid ? 2 : 0) + (s.valid && agrees(s) ? 1 : 0);
  const candidates = sirets.filter((s) => s.seller);
  const pick = candidates.reduce<(typeof sirets)[number] | null>((b, s) => (!b || rank(s) > rank(b) ? s : b), null);
  const siret = pick?.value ?? null;
  const sellerVat = (sellerVats.find((v) => siret && sirenFromFrenchVat(v.value) === siret.slice(0, 9)) ?? sellerVats[0])?.value ?? null;
  const vatSiren = sellerVat ? sirenFromFrenchVat(sellerVat) : null;
  const distinct = new Set(candidates.map((s) => s.value));
  const confidence = !pick ? 0 : !pick.valid ? 0.5 : agrees(pick) || pick.legal || distinct.size === 1 ? 0.95 : 0.6;
  const siren = siret?.slice(0, 9) ?? vatSiren ?? sellerFirst(sirens)[0]?.value ?? null;
  return { siret, siren, vatId: sellerVat, iban, confidence };
}
