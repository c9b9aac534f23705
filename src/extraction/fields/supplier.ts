// The supplier's name: a company name with its legal form, the legal mentions, or the letterhead.
import { COLUMN_GAP, type Line } from '../layout/lines.ts';
import { customerLines } from './company-ids.ts';
import { CUSTOMER_LABELS, DOCUMENT_TITLES, LEGAL_FORMS, SELLER_HEADINGS, SPELLED_LEGAL_FORMS } from './labels.ts';
import { findAmounts } from './amount-parser.ts';
import { findDates } from './date-parser.ts';
import { fold } from './text-normalise.ts';

/** "ACME SAS au capital de 10 000 € - RCS Paris 123" -> "ACME SAS". */
function nameBeforeMentions(text: string): string {
  // The label first ("Name:   ACME GmbH" puts a column gap after the colon), then the mentions.
  return text
    .replace(/^[^\p{L}\p{N}]*(?:(?:emetteur|vendeur|fournisseur|seller|supplier|from|de|name|nom|raison sociale|firma|company|sold by|vendu par|verkauft von)\s*:\s*)?/iu, '')
    .split(/\s+(?:au capital|capital social|avec un capital|-\s*rcs|rcs\b|siret|siren|n°\s*tva|tva intra|ust-?id|registered|company reg|\||–|—|\s-\s|\u2003)/i)[0]!
    .replace(/[\s,;:.-]+$/, '')
    .trim();
}

/** The text that follows a name on its line (the name may sit after a "Name:" label). */
function textAfter(text: string, name: string): string {
  const end = text.indexOf(name) + name.length;
  return text.slice(end, end + 80);
}

/** A logo's monogram ("FP", "VB") is not a name: a name has a word of three letters or more. */
const plausibleName = (s: string) =>
  s.length >= 2 && s.length <= 80 && /\p{L}{3}/u.test(s) && !/^\p{Lu}{2,3}$/u.test(s) && !DOCUMENT_TITLES.test(s) &&
  !findAmounts(s).length && !findDates(s).length && !/@|www\.|https?:|\btel\b|t[eé]l[eé]phone|\+\d{2}|^#|\w_\w/i.test(s);

const MAX_NAME_WORDS = 6;
const ATTENTION = /(^|\u2003)\W*(a l'attention|attn\b|z\.\s?hd\b|to the attention)/;
const NAME_LABEL = /^\W*(name|nom|raison sociale|firma|company)\s*:/;

/** The lines under a heading: up to four, on its page. */
function blockUnder(lines: Line[], heading: number): number[] {
  const out: number[] = [];
  for (let j = heading + 1; j <= heading + 4 && j < lines.length && lines[j]!.page === lines[heading]!.page; j++) out.push(j);
  return out;
}

/**
 * The seller's name in a block: its first line, with or without a legal form, bare or as "Name: …";
 * other "label: value" lines (Nummer:, GLN:) are passed over.
 */
function nameInBlock(lines: Line[], block: number[]): { name: string; lineIndex: number } | null {
  for (const j of block) {
    const text = lines[j]!.text;
    const labelledName = NAME_LABEL.test(fold(text));
    if (/^[^:]{1,30}:/.test(text) && !labelledName) continue;
    const name = nameBeforeMentions(labelledName ? text : text.split(COLUMN_GAP)[0]!);
    return plausibleName(name) ? { name, lineIndex: j } : null;
  }
  return null;
}

/** Free mail and access providers: their domains name no company. */
const MAIL_PROVIDERS = /^(gmail|googlemail|orange|wanadoo|free|sfr|laposte|hotmail|outlook|live|yahoo|icloud|me|gmx|web|t-online|protonmail|proton|aol|bbox|neuf)$/;

/**
 * The words of the seller's domain names: "www.jeanne-roux.fr" -> ["jeanne", "roux"]. Invoices
 * print the seller's web and mail addresses; the customer's, when at all, on a labelled line.
 */
function sellerDomains(lines: Line[]): string[][] {
  const out: string[][] = [];
  lines.forEach((line) => {
    const text = fold(line.text);
    if (CUSTOMER_LABELS.test(text)) return;
    for (const m of text.matchAll(/(?:www\.|@)((?:[a-z0-9-]+\.)+)[a-z]{2,6}\b/g)) {
      const label = m[1]!.split('.').at(-2)!;
      if (!MAIL_PROVIDERS.test(label)) out.push(label.split('-').filter(Boolean));
    }
  });
  return out;
}

const squash = (s: string) => fold(s).replace(/[^a-z0-9]/g, '');

/**
 * A letterhead that spells the seller's domain name. Designed letterheads space their letters out
 * ("J E A N N E   R O U X   E I"), which loses the word breaks; the domain's words give them
 * back ("JEANNE ROUX EI"). Whatever follows the domain's words (a legal form) is kept.
 */
function nameFromDomain(text: string, words: string[]): string | null {
  const cell = text.trim();
  const joined = words.join('');
  const letters = squash(cell);
  // A name wrapped at its hyphen ("Garage Martin-" over "Leroy"): the domain has the rest.
  if (cell.endsWith('-') && letters.length >= 6 && joined.startsWith(letters)) {
    const rest = joined.slice(letters.length);
    return `${cell}${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
  }
  if (!letters.startsWith(joined)) return null;
  if (!/^(\S\s){3,}\S/u.test(cell)) return restIsLegalForm(cell, joined) ? cell : null;
  const chars = [...cell.replace(/\s+/g, '')];
  let out = '';
  let i = 0;
  for (const word of words) {
    let piece = '';
    while (i < chars.length && squash(piece).length < word.length) piece += chars[i++];
    out += !out || piece.startsWith('-') ? piece : ` ${piece}`;
  }
  const rest = chars.slice(i).join('');
  return !rest ? out : restIsLegalForm(rest, '') ? `${out} ${rest}` : null;
}

/** The name is the domain's words and at most a legal form: "Acme Conseil SAS" for acme-conseil.fr. */
function restIsLegalForm(text: string, domain: string): boolean {
  let kept = '';
  const words = text.split(/\s+/);
  while (words.length && squash(kept).length < domain.length) kept += ` ${words.shift()}`;
  const rest = words.join(' ');
  return !rest || LEGAL_FORMS.test(` ${rest}`);
}

export function readSupplier(lines: Line[]): { fournisseur: string | null; confidence: number } {
  const customer = customerLines(lines);
  const pageHeight = Math.max(...lines.filter((l) => l.page === 1).map((l) => l.y + l.h), 1);
  const candidates: Array<{ name: string; score: number }> = [];
  // Lines just under a "Seller"/"Verkäufer" heading name the seller, wherever the block sits.
  // A heading may share its line with the next column's ("SELLER   CLIENT :"): its own cell counts.
  const blocks = lines.flatMap((line, i) => (SELLER_HEADINGS.test(fold(line.text.split(COLUMN_GAP)[0]!)) ? [blockUnder(lines, i)] : []));
  const sellerBlock = new Set(blocks.flat());
  const blockName = blocks.map((block) => nameInBlock(lines, block)).find((n) => n !== null);
  if (blockName) candidates.push({ name: blockName.name, score: 0.93 * lines[blockName.lineIndex]!.conf });
  lines.forEach((line, i) => {
    // The customer's name heads its address block, just above "À l'attention de …".
    if (customer.has(i) || ATTENTION.test(fold(lines[i + 1]?.text ?? ''))) return;
    const top = line.page === 1 && line.y < pageHeight * 0.3;
    const mentions = /au capital|capital social|rcs|siret|siren/i.test(line.text);
    // The line's first cell, or the next when the first is the document's title ("FACTUUR.   ACME B.V."):
    // other cells belong to other blocks, often the customer's.
    const [first = '', second = ''] = line.text.split(COLUMN_GAP);
    const name = nameBeforeMentions(DOCUMENT_TITLES.test(first.trim()) ? second : first);
    if (!plausibleName(name)) return;
    // The legal form may follow the name spelled out: "ACME – Société par actions simplifiée au capital de…".
    if (LEGAL_FORMS.test(name) || SPELLED_LEGAL_FORMS.test(fold(textAfter(line.text, name)))) {
      candidates.push({ name, score: (sellerBlock.has(i) ? 0.97 : top ? 0.95 : mentions ? 0.9 : 0.8) * line.conf });
    }
  });
  // A header line that spells the seller's web or mail domain is its name, even inside what looks
  // like the customer's block (a "N° client" field marks the lines after it).
  const domains = sellerDomains(lines);
  for (const line of lines) {
    if (line.page !== 1 || line.y > pageHeight * 0.3) continue;
    const name = domains.map((words) => nameFromDomain(line.text.split(COLUMN_GAP)[0]!, words)).find((n) => n !== null);
    if (name && plausibleName(name)) {
      candidates.push({ name, score: 0.96 * line.conf });
      break;
    }
  }
  // The letterhead: the tallest text near the top of page 1.
  const header = lines.filter((l, i) => l.page === 1 && l.y < pageHeight * 0.25 && !customer.has(i));
  // A title line ("Stylesheet zur Lesbarmachung der XML-Daten …") is longer than a company name.
  const letterhead = (s: string) => plausibleName(s) && s.split(/\s+/).length <= MAX_NAME_WORDS;
  const tallest = [...header].sort((a, b) => b.h - a.h || a.y - b.y).find((l) => letterhead(nameBeforeMentions(l.text)));
  if (tallest) {
    const name = nameBeforeMentions(tallest.text);
    const median = [...lines.map((l) => l.h)].sort((a, b) => a - b)[Math.floor(lines.length / 2)] ?? tallest.h;
    candidates.push({ name, score: (tallest.h > median * 1.3 ? 0.85 : 0.65) * tallest.conf });
  }
  const best = candidates.reduce<{ name: string; score: number } | null>((b, c) => (!b || c.score > b.score ? c : b), null);
  return { fournisseur: best?.name ?? null, confidence: best?.score ?? 0 };
}

