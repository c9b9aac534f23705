// The supplier's name: a company name with its legal form, the legal mentions, or the letterhead.
import { COLUMN_GAP, lineCells, type Cell, type Line } from '../layout/lines.ts';
import { customerColumns, textsOutsideCustomer } from './company-ids.ts';
import { AMOUNT_LABELS, CONTACT_KEY_CELL, CUSTOMER_LABELS, DATE_LABELS, DASH_BEFORE_LEGAL_FORM, DOCUMENT_TITLES, LEGAL_FORMS, POSTCODE_AND_TOWN, REGISTRATION, REGISTRATION_AFTER_NAME, SELLER_HEADINGS, SPELLED_LEGAL_FORMS, STREET_ADDRESS } from './labels.ts';
import { findAmounts } from './amount-parser.ts';
import { findDates } from './date-parser.ts';
import { findLabels } from './labelled-values.ts';
import { fold } from './text-normalise.ts';
import { SUPPLIER_FEATURES, supplierProbability, type SupplierFeatures } from './supplier-model.ts';
import { spelledAsPrinted } from './supplier-spelling.ts';
import { MIN_REPEATED_LETTERS, nameFromDomain, namesMailbox, sellerDomains, sellerMailboxes, squash, withoutLegalForms, wordsOf } from './supplier-addresses.ts';

/** "ACME SAS au capital de 10 000 € - RCS Paris 123" -> "ACME SAS". */
function nameBeforeMentions(text: string): string {
  // The label first ("Name:   ACME GmbH" puts a column gap after the colon), then the mentions.
  return text
    .replace(DASH_BEFORE_LEGAL_FORM, (dash: string, ...rest: unknown[]) => keepsItsForm(dash, rest.at(-2) as number, rest.at(-1) as string))
    .replace(/^[^\p{L}\p{N}]*(?:(?:emetteur|vendeur|fournisseur|seller|supplier|from|de|name|nom|raison sociale|firma|company|sold by|vendu par|verkauft von)\s*:\s*)?/iu, '')
    // A Malaysian company's registration number follows its name in brackets: "Tan Pharmacy (287037-A)".
    .split(/\s+(?:au capital|capital social|avec un capital|-\s*rcs|rcs\b|siret|siren|n°\s*tva|tva intra|ust-?id|vat\s*(?:reg|no\b|number|n°|id)|registered|company reg|\(\s*\d{3,8}\s*-\s*[a-z]\s*\)|\||–|—|[●•·▪©]|-\s|\u2003)/i)[0]!
    .replace(/[\s,;:.-]+$/, '')
    // OCR reads the capital I of a sole trader's "EI" as a small l: "Léa Moreau El".
    .replace(/(?<=\s)El$/, 'EI')
    // The mentions' form after the name's own, the dash between them lost: "Xazendia SARL SARL au capital…".
    .replace(/(?<=\s)(\S+)\s+\1$/u, (form: string, word: string) => (LEGAL_FORMS.test(word) ? word : form))
    .trim();
}

/**
 * A dash before a legal form joins the form to the name ("Belora Express - SAS"), unless the name has
 * its form already: "Gako SARL - SARL au capital de …" repeats it in the mentions.
 */
function keepsItsForm(dash: string, at: number, text: string): string {
  return LEGAL_FORMS.test(text.slice(0, at)) ? dash : ' ';
}

/** The text that follows a name on its line (the name may sit after a "Name:" label). */
function textAfter(text: string, name: string): string {
  const end = text.indexOf(name) + name.length;
  return text.slice(end, end + 80);
}

/**
 * A logo's monogram ("FP", "VB") is not a name: a name has a word of three letters or more. Nor is a
 * street address or a postcode's town (unless a legal form says it is a company's name), or a line
 * with a rate: a till's "INC 6% GST" is no company "Inc". Nor is a line that ends in an identifier
 * after its key ("COMPANY NO. 432989-D", "GST REG NO : 0750172").
 */
const IDENTIFIER_LINE = /\b(no|nr|n°|id|reg|number)\b\.?\s*:?\s*[\p{L}\d-]*\d[\p{L}\d-]*\s*$/iu;
const plausibleName = (s: string) =>
  !isHeading(s) && !IDENTIFIER_LINE.test(s) && !STREET_ADDRESS.test(fold(s)) && !(POSTCODE_AND_TOWN.test(s.trim()) && !LEGAL_FORMS.test(s)) && s.length >= 2 && s.length <= 80 && /\p{L}{3}/u.test(s) && !/^\p{Lu}{2,3}$/u.test(s) && !DOCUMENT_TITLES.test(s) &&
  !findAmounts(s).length && !findDates(s).length && !/@|www\.|https?:|\btel\b|t[eé]l[eé]phone|\+\d{2}|^#|\w_\w|\d\s?%/i.test(s);

/** A block's heading ("Rechnungsersteller", "Bill to") or key ("Ansprechpartner") stands beside a name; it is none itself. */
const WHOLE_CUSTOMER_LABEL = new RegExp(String.raw`^\W*(${CUSTOMER_LABELS.source})\W*$`);
function isHeading(s: string): boolean {
  const text = fold(s);
  return SELLER_HEADINGS.test(text) || WHOLE_CUSTOMER_LABEL.test(text) || CONTACT_KEY_CELL.test(text);
}

const MAX_NAME_WORDS = 6;
const ATTENTION = /(^|\u2003)\W*(a l'attention|attn\b|z\.\s?hd\b|to the attention)/;
const NAME_LABEL = /^\W*(name|nom|raison sociale|firma|company)\s*:/;

/** A line of a seller's block: its index, the block's text (the line from the block's cell on), and whether that cell opens the line. */
interface BlockLine { index: number; text: string; first: boolean }

/**
 * The lines under a seller's heading: up to four, on its page. In each, the block's cell is the one
 * that starts under the heading ("Client :   Fournisseur :" over "Brunel SARL   Atelier Roux SAS");
 * a heading that opens its line also owns a line whose cells start elsewhere (a centred heading),
 * from its first cell. Other lines have nothing in its column and are not the block's.
 */
function blockUnder(lines: Line[], heading: number, cell: Cell, opens: boolean): BlockLine[] {
  const out: BlockLine[] = [];
  for (let j = heading + 1; j <= heading + 4 && j < lines.length && lines[j]!.page === lines[heading]!.page; j++) {
    const cells = lineCells(lines[j]!);
    const under = cells.find((c) => Math.abs(c.x - cell.x) <= lines[j]!.h * 2) ?? (opens ? cells[0] : undefined);
    if (under) out.push({ index: j, text: lines[j]!.text.slice(under.start), first: under === cells[0] });
  }
  return out;
}

/** The seller's headings of a line, each with whether it opens the line. */
function sellerHeadings(line: Line): Array<{ cell: Cell; opens: boolean }> {
  return lineCells(line).flatMap((cell, k) => (SELLER_HEADINGS.test(fold(cell.text)) ? [{ cell, opens: k === 0 }] : []));
}

/**
 * The seller's name in a block: its first line, with or without a legal form, bare or as "Name: …";
 * other "label: value" lines (Nummer:, GLN:) are passed over.
 */
function nameInBlock(block: BlockLine[]): { name: string; lineIndex: number } | null {
  for (const { index, text } of block) {
    const labelledName = NAME_LABEL.test(fold(text));
    if (/^[^:]{1,30}:/.test(text) && !labelledName) continue;
    const name = nameBeforeMentions(labelledName ? text : text.split(COLUMN_GAP)[0]!);
    return plausibleName(name) ? { name, lineIndex: index } : null;
  }
  return null;
}

/**
 * A name of two words or more, right before the registration that opens the legal mentions. One word
 * is more often the end of the line before ("… 33700" over "MÉRIGNAC – RCS Bordeaux …"), and a
 * registration's own words ("SIREN / SIRET : …", "RCS Paris B 423 …") name nobody.
 */
function namesBeforeRegistration(name: string, text: string): boolean {
  const words = name.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length;
  return words >= 2 && words <= MAX_NAME_WORDS && !REGISTRATION.test(fold(name)) && REGISTRATION_AFTER_NAME.test(fold(textAfter(text, name)));
}

type Evidence = Partial<SupplierFeatures>;
interface Candidate { name: string; evidence: Evidence; line: Line }

/** Every name the rules put forward, each with the evidence of the rule that found it. */
function candidatesOf(lines: Line[]): { candidates: Candidate[]; domains: string[][]; mailboxes: string[] } {
  const columns = customerColumns(lines);
  const customer = new Set(columns.keys());
  const outside = textsOutsideCustomer(lines, columns);
  const pageHeight = Math.max(...lines.filter((l) => l.page === 1).map((l) => l.y + l.h), 1);
  const isTop = (l: Line) => (l.page === 1 && l.y < pageHeight * TOP_SHARE ? 1 : 0);
  const candidates: Candidate[] = [];
  // Lines just under a "Seller"/"Verkäufer" heading name the seller, wherever the block sits.
  // A heading may share its line with another column's ("SELLER   CLIENT :", "Client :   Fournisseur :").
  const blocks = lines.flatMap((line, i) => sellerHeadings(line).map((h) => blockUnder(lines, i, h.cell, h.opens)));
  // A block vouches for the names other rules find at the start of a line only where it holds that start.
  const sellerBlock = new Set(blocks.flatMap((block) => block.filter((b) => b.first).map((b) => b.index)));
  const blockName = blocks.map((block) => nameInBlock(block)).find((n) => n !== null);
  if (blockName) {
    const line = lines[blockName.lineIndex]!;
    candidates.push({ name: blockName.name, line, evidence: { seller_block: 1, top: isTop(line), line_conf: line.conf } });
  }
  lines.forEach((line, i) => {
    // The customer's name heads its address block, just above "À l'attention de …".
    if (customer.has(i) || ATTENTION.test(fold(lines[i + 1]?.text ?? ''))) return;
    // The line's first cell, or the next when the first is the document's title ("FACTUUR.   ACME B.V."):
    // other cells belong to other blocks, often the customer's.
    const [first = '', second = ''] = line.text.split(COLUMN_GAP);
    const name = nameBeforeMentions(DOCUMENT_TITLES.test(first.trim()) ? second : first);
    // A legal form on a line of its own ("GmbH" under a wrapped name) is no name.
    if (!plausibleName(name) || ownLetters(name).length < MIN_AGREEING_LETTERS) return;
    // The legal form may follow the name spelled out: "ACME – Société par actions simplifiée au capital de…".
    if (LEGAL_FORMS.test(name) || SPELLED_LEGAL_FORMS.test(fold(textAfter(line.text, name)))) {
      const mentions = /au capital|capital social|rcs|siret|siren/i.test(line.text) ? 1 : 0;
      candidates.push({ name, line, evidence: { legal_form: 1, seller_block: sellerBlock.has(i) ? 1 : 0, top: isTop(line), legal_mentions: mentions, line_conf: line.conf } });
    } else if (namesBeforeRegistration(name, line.text)) {
      // A sole trader has no legal form: the legal mentions name it ("Léa Moreau - SIRET 123 456 789 00012").
      candidates.push({ name, line, evidence: { legal_mentions: 1, seller_block: sellerBlock.has(i) ? 1 : 0, top: isTop(line), line_conf: line.conf } });
    }
  });
  // A header line that spells the seller's web or mail domain is its name, even inside what looks
  // like the customer's block (a "N° client" field marks the lines after it).
  const domains = sellerDomains(outside);
  for (const line of lines) {
    if (!isTop(line)) continue;
    const name = domains.map((words) => nameFromDomain(line.text.split(COLUMN_GAP)[0]!, words)).find((n) => n !== null);
    if (name && plausibleName(name)) {
      candidates.push({ name, line, evidence: { domain_name: 1, top: 1, line_conf: line.conf } });
      break;
    }
  }
  const letterhead = letterheadName(lines, customer, pageHeight);
  if (letterhead) candidates.push(letterhead);
  return { candidates, domains, mailboxes: sellerMailboxes(outside) };
}

const NOISE_CONF = 0.25;

/**
 * A line that is only a field's label, its value lost or elsewhere ("Date", "Total Rounded"): no
 * name. Labels are found line by line, so only the few lines that could be a letterhead are read.
 */
function onlyALabel(line: Line): boolean {
  return [...findLabels([line], DATE_LABELS), ...findLabels([line], AMOUNT_LABELS)].some((h) => h.afterIndex - h.label.length <= 1 && !/\p{L}/u.test(h.after));
}

/**
 * The letterhead: the tallest short line near the top of page 1. Lines within a few pixels of the
 * tallest are as tall, OCR's boxes being that loose: the topmost of them is taken ("WAH RESTORAN"
 * over "CASHIER: ADMIN", one box a pixel or two taller on a till printed in one size).
 */
function letterheadName(lines: Line[], customer: Set<number>, pageHeight: number): Candidate | null {
  // A line OCR read with next to no confidence is a picture's edge or a smudge read as letters
  // ("EE —" over a photographed till's name), whatever its height.
  const read = lines.filter((l, i) => l.page === 1 && l.conf >= NOISE_CONF && !customer.has(i));
  // A title line ("Stylesheet zur Lesbarmachung der XML-Daten …") is longer than a company name, and
  // a "Cashier: Admin" line is a key and its value.
  const fits = (s: string) => plausibleName(s) && s.split(/\s+/).length <= MAX_NAME_WORDS && !KEY_VALUE.test(s);
  const fittingIn = (from: number, to: number) => read.filter((l) => l.y >= from && l.y < to && fits(nameBeforeMentions(l.text)) && !onlyALabel(l) && !AWAITS_VALUE.test(l.text));
  // Nothing at the top of a picture: the top of the print, as a till receipt photographed on a table
  // starts a third of the way down. A PDF's page is the paper itself: its top is the top. (A text
  // layer's first line may sit a point above the page.)
  const atTop = fittingIn(-Infinity, pageHeight * LETTERHEAD_SHARE);
  const photo = read.some((l) => l.conf < 1);
  const printTop = Math.min(...read.map((l) => l.y));
  const fitting = atTop.length || !photo ? atTop : fittingIn(printTop, printTop + (pageHeight - printTop) * LETTERHEAD_SHARE);
  const height = Math.max(...fitting.map((l) => l.h));
  const tallest = fitting.filter((l) => l.h >= height * AS_TALL).sort((a, b) => a.y - b.y)[0];
  if (!tallest) return null;
  const median = [...lines.map((l) => l.h)].sort((a, b) => a - b)[Math.floor(lines.length / 2)] ?? tallest.h;
  return { name: nameBeforeMentions(tallest.text), line: tallest, evidence: { letterhead: 1, tall: tallest.h > median * 1.3 ? 1 : 0, top: 1, line_conf: tallest.conf } };
}

const TOP_SHARE = 0.3;
const LETTERHEAD_SHARE = 0.25;
/** A line at least this share of the tallest line's height is as tall as it (OCR's boxes vary by a few pixels). */
const AS_TALL = 0.9;
/** "Cashier: Admin", "Table : 12": a key, a colon, its value. */
const KEY_VALUE = /^[^:]{1,30}:\s*\S/;
/** "N° de facture :", "SIRET:": a key whose value stands on the line below, no name. */
const AWAITS_VALUE = /:\s*$/;
/** Names this short say too little to agree with another: "SA", "Cie". */
const MIN_AGREEING_LETTERS = 4;

/** Where a candidate's name starts on its line. */
function nameX(c: Candidate): number {
  const at = c.line.text.indexOf(c.name);
  return c.line.charX[Math.max(0, at)] ?? c.line.runs[0]?.x ?? 0;
}

/** A name's own letters, its legal forms left out: "GmbH" alone names nobody. */
const ownLetters = (name: string) => squash(withoutLegalForms(name));

/** Two names agree when one's own letters contain the other's ("ACME" and "ACME Conseil SAS"). */
function agree(a: string, b: string): boolean {
  const [x, y] = [ownLetters(a), ownLetters(b)];
  return x.length >= MIN_AGREEING_LETTERS && y.length >= MIN_AGREEING_LETTERS && (x.includes(y) || y.includes(x));
}

/** The full evidence of each candidate: its rule's, what the domain says, and how many other rules agree. */
export function supplierCandidates(lines: Line[]): Array<{ name: string; features: SupplierFeatures }> {
  const { candidates, domains, mailboxes } = candidatesOf(lines);
  const domainWords = domains.map((words) => words.join('')).filter((w) => w.length >= MIN_AGREEING_LETTERS);
  // The middle of page 1's text: a name that starts past it sits in the right-hand column, where
  // letters put the addressee. Measured between the text's edges, not the image's: a receipt's
  // narrow column, photographed on a table, centres its name far right of the photo's middle.
  const edges = lines.filter((l) => l.page === 1).flatMap((l) => l.runs.flatMap((r) => [r.x, r.x + r.w]));
  const textMiddle = edges.length ? (Math.min(...edges) + Math.max(...edges)) / 2 : 0;
  const lineWords = lines.map((l) => ({ line: l, words: wordsOf(l.text) }));
  return candidates.map((c, i) => {
    // Only another line naming the same seller confirms it: two rules reading one line say it once.
    const others = candidates.filter((o, j) => j !== i && o.line !== c.line && agree(o.name, c.name)).length;
    const letters = squash(c.name);
    const features = Object.fromEntries(SUPPLIER_FEATURES.map((f) => [f, c.evidence[f] ?? 0])) as SupplierFeatures;
    const spelledByDomain = domainWords.some((w) => letters.includes(w) || (letters.length >= MIN_AGREEING_LETTERS && w.includes(letters)));
    features.domain_agrees = features.domain_name || spelledByDomain || namesMailbox(c.name, mailboxes) ? 1 : 0;
    features.agreement = Math.min(others, 2) / 2;
    features.repeated = Math.min(repeatsOf(c, lineWords), 2) / 2;
    features.left_column = nameX(c) < textMiddle ? 1 : 0;
    return { name: c.name, features };
  });
}

/**
 * How many other lines spell the name again, wherever they sit: a seller's name comes back in its
 * legal footer, its bank details or its return address; a heading or a stray title seldom does.
 */
function repeatsOf(c: Candidate, lineWords: Array<{ line: Line; words: string }>): number {
  const own = wordsOf(withoutLegalForms(c.name));
  if (own.replace(/ /g, '').length < MIN_REPEATED_LETTERS) return 0;
  return lineWords.filter((l) => l.line !== c.line && l.words.includes(own)).length;
}

export interface SupplierReading {
  fournisseur: string | null;
  /** The fitted model's probability that the name is the seller's (see supplier-model.ts). */
  confidence: number;
  /** Every candidate with its evidence: what the model weighed, and what `npm run fit:supplier` learns from. */
  candidates: Array<{ name: string; features: SupplierFeatures; probability: number }>;
}

export function readSupplier(lines: Line[]): SupplierReading {
  const candidates = supplierCandidates(lines).map((c) => ({ ...c, probability: supplierProbability(c.features) }));
  // The first rule's candidate wins a tie: the rules are listed from the most specific.
  const best = candidates.reduce<(typeof candidates)[number] | null>((b, c) => (!b || c.probability > b.probability ? c : b), null);
  return { fournisseur: best ? spelledAsPrinted(best.name, candidates, lines) : null, confidence: best?.probability ?? 0, candidates };
}
