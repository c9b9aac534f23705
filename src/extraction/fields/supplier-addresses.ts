// What a seller's web and mail addresses say of its name: the words of its domains, the mailbox of a
// sole trader, a letterhead spaced out letter by letter that the domain spells.
import { CUSTOMER_LABELS, LEGAL_FORMS } from './labels.ts';
import { fold } from './text-normalise.ts';

/** Free mail and access providers: their domains name no company. */
const MAIL_PROVIDERS = /^(gmail|googlemail|orange|wanadoo|free|sfr|laposte|hotmail|outlook|live|yahoo|icloud|me|gmx|web|t-online|protonmail|proton|aol|bbox|neuf)$/;

/** Second-level labels that registries sell names under: "co.uk", "com.my", "asso.fr". */
const REGISTRY_LABELS = /^(co|com|net|org|gov|gouv|ac|edu|ltd|plc|asso|nom)$/;

/**
 * The words of the seller's domain names: "www.jeanne-roux.fr" -> ["jeanne", "roux"]. Invoices
 * print the seller's web and mail addresses; the customer's, when at all, on a labelled line or in
 * its block. `texts`: each line's text outside the customer's block (textsOutsideCustomer).
 */
export function sellerDomains(texts: string[]): string[][] {
  const out: string[][] = [];
  texts.forEach((raw) => {
    const text = fold(raw);
    if (CUSTOMER_LABELS.test(text)) return;
    for (const m of text.matchAll(/(?:www\.|@)((?:[a-z0-9-]+\.)+)[a-z]{2,6}\b/g)) {
      // The name is the label before the registry's own ("acme.co.uk", "kedai.com.my"), not "co".
      const label = m[1]!.split('.').findLast((part) => part && !REGISTRY_LABELS.test(part));
      if (label && !MAIL_PROVIDERS.test(label)) out.push(label.split('-').filter(Boolean));
    }
  });
  return out;
}

export const squash = (s: string) => fold(s).replace(/[^a-z0-9]/g, '');

/**
 * The mailbox names of the addresses outside the customer's block: "l.moreau@orange.fr" -> "lmoreau".
 * A sole trader's address is its owner's name, at a free mail provider as often as not.
 */
export function sellerMailboxes(texts: string[]): string[] {
  return texts.flatMap((text) => [...fold(text).matchAll(/([a-z0-9._-]+)@[a-z0-9-]+\./g)].map((m) => m[1]!.replace(/[^a-z]/g, '')));
}

/** A word of the name, long enough to be a surname and not chance, spelled in a mailbox ("Léa Moreau EI", "l.moreau@…"). */
export function namesMailbox(name: string, mailboxes: string[]): boolean {
  const words = wordsOf(withoutLegalForms(name)).trim().split(' ').filter((w) => w.length >= MIN_REPEATED_LETTERS && /^[a-z]+$/.test(w));
  return words.some((w) => mailboxes.some((box) => box.includes(w)));
}

/**
 * A letterhead that spells the seller's domain name. Designed letterheads space their letters out
 * ("J E A N N E   R O U X   E I"), which loses the word breaks; the domain's words give them
 * back ("JEANNE ROUX EI"). Whatever follows the domain's words (a legal form) is kept.
 */
export function nameFromDomain(text: string, words: string[]): string | null {
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

/** A name with its legal forms blanked out: what is left names the seller ("GmbH" alone names nobody). */
const EVERY_LEGAL_FORM = new RegExp(LEGAL_FORMS.source, 'giu');
export const withoutLegalForms = (name: string) => name.replace(EVERY_LEGAL_FORM, ' ');

/** A text's words, folded, one space apart and around: whole words are then found with includes(). */
export const wordsOf = (s: string) => ` ${fold(s).replace(/[^a-z0-9]+/g, ' ').trim()} `;

/** Shorter names turn up inside other words by chance. */
export const MIN_REPEATED_LETTERS = 5;

