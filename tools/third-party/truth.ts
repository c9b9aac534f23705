// Ground truth in the corpus's truth.json format, with what each file really prints: every scored
// value is searched in the PDF's text layer as the template printed it, rather than assumed.
import { describeScan, type ScanParameters } from '../generate/degrade.ts';
import { decimalToCents } from '../../src/domain/money.ts';
import type { Invoice } from './invoice-data.ts';
import { SCORED_FIELDS, type ScoredField, type TemplateInvoice } from './template-output.ts';

export type Visibility = Record<ScoredField, boolean | null>;

/** Non-breaking and thin spaces as plain spaces, runs of white space as one. */
const normalise = (s: string) => s.replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/\s+/g, ' ').trim();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The amount as a whole number: not the tail of "1 234,56" nor the head of "234,567". */
function printsAmount(text: string, printed: string): boolean {
  return new RegExp(`(?<!\\d[ .,']?)${escapeRegExp(normalise(printed))}(?![.,]?\\d)`).test(text);
}

/**
 * Which scored fields `text` prints (null: the truth is null). Amounts are searched inside a run;
 * strings with the runs joined by spaces, so that a date wrapped over two lines by a narrow column
 * still counts; a SIRET with all spaces removed, since it is printed spaced or not.
 */
export function visibility(text: string, built: TemplateInvoice): Visibility {
  const withinRuns = normalise(text);
  const acrossRuns = normalise(text.replaceAll(' | ', ' '));
  const compact = withinRuns.replace(/[\s|]+/g, '');
  const out = {} as Visibility;
  for (const field of SCORED_FIELDS) {
    const forms = built.printed[field];
    if (built.expected[field] === null) out[field] = null;
    else if (field.startsWith('montant')) out[field] = forms.some((form) => printsAmount(withinRuns, form));
    else if (field === 'siret') out[field] = forms.some((form) => compact.includes(form));
    else out[field] = forms.some((form) => acrossRuns.includes(normalise(form)));
  }
  return out;
}

/**
 * What must be true of every invoice; the h1 template never prints its net, the others always do.
 * `centsOff`: how far the printed HT + TVA may be from the TTC (invoice-it sums rounded line totals).
 */
export function truthProblems(id: string, isH1: boolean, expected: TemplateInvoice['expected'], inText: Visibility, centsOff = 0): string[] {
  const problems: string[] = [];
  if (!inText.montant_ttc) problems.push(`${id}: TTC ${expected.montant_ttc} not found in text`);
  if (!inText.date_facture || !inText.numero || !inText.fournisseur) problems.push(`${id}: date/number/supplier not found`);
  if (isH1 && !inText.montant_tva) problems.push(`${id}: h1 tax total not found`);
  if (!isH1 && !inText.montant_ht) problems.push(`${id}: HT not found`);
  // A missing or malformed amount is no number: the sum then fails, and says so.
  const cents = (decimal: string | null) => decimalToCents(decimal) ?? Number.NaN;
  if (!(Math.abs(cents(expected.montant_ht) + cents(expected.montant_tva) - cents(expected.montant_ttc)) <= centsOff)) problems.push(`${id}: HT+TVA != TTC`);
  return problems;
}

export interface DocumentFiles { stem: string; pageCount: number; inText: Visibility; onPage1: Visibility; scan: ScanParameters }

/** Where each known value comes from: what we gave the template, or a Factur-X file's XML (as in the corpus). */
const provenanceOf = (expected: Record<string, string | null>, source: 'generator' | 'xml') => Object.fromEntries(Object.keys(expected).map((k) => [k, expected[k] === null ? null : source]));

/** The three entries of one invoice (four with a Factur-X file): its PDF, the render of page 1, and the phone scan of that render. */
export function truthEntries(id: string, built: TemplateInvoice, inv: Invoice, files: DocumentFiles): unknown[] {
  const { stem, pageCount } = files;
  const rates = [...new Set(inv.lines.map((l) => l.rate))].join('/');
  const describe = `${built.template}; ${inv.locale} ${inv.currency}; ${inv.lines.length} line(s), rates ${rates} %; ${pageCount} page(s); date style ${inv.dateStyle}; ${built.notes.join('; ')}`;
  const expected = built.expected;
  const common = {
    source: 'third-party-template', primary: true, dup_group: id, flags: [] as string[], expected,
    expected_extra: { ...built.extra, template: built.template, language: inv.lang, locale: inv.locale, pages: pageCount },
  };
  const provenance = provenanceOf(expected, 'generator');
  return [
    ...(built.facturx ? [{ file: `${stem}_fx.pdf`, kind: 'facturx-pdf', ...common, provenance: provenanceOf(expected, 'xml'), notes: `the hybrid PDF, CII XML embedded; ${describe}` }] : []),
    { file: `${stem}.pdf`, kind: 'text-layer-pdf', ...common, provenance, visible_in_text_layer: files.inText, notes: describe },
    { file: `${stem}_p1.png`, kind: 'rendered-from-digital-pdf', ...common, provenance, visible_on_page1: files.onPage1, notes: `200 dpi render of page 1 of ${pageCount}; ${describe}` },
    { file: `${stem}_p1_scan.jpg`, kind: 'synthetic-fr-scan', ...common, provenance, visible_on_page1: files.onPage1, notes: `simulated phone scan of page 1: ${describeScan(files.scan)}; ${describe}` },
  ];
}
