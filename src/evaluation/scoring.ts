// Scores extraction output against the corpus truth, by the rules in ../shared/corpus/README.md.
// Pure functions: the runner feeds them the same JSON lines `invoices extract --json` prints.
import { BOOKING_FIELDS, FIELD_NAMES, fieldSpec, type FieldName } from '../domain/invoice-fields.ts';

/** Every extracted field is scored, in the registry's order (the report's columns). */
export const SCORED_FIELDS = FIELD_NAMES;
export type ScoredField = FieldName;

export interface TruthEntry {
  file: string;
  kind: string;
  primary: boolean;
  /** The same invoice under another profile or rendering shares its group (see split.ts). */
  dup_group?: string;
  source?: string;
  expected: Partial<Record<ScoredField, string | null>>;
  /** Whether each value is printed verbatim on the page (images) or in the text layer (PDFs). */
  visible_on_page1?: Partial<Record<ScoredField, boolean | null>>;
  visible_in_text_layer?: Partial<Record<ScoredField, boolean | null>>;
}

/** One line of `invoices extract --json`: a result, or an error (every known field then counts wrong). */
export type Prediction =
  | ({ status: 'validated' | 'pending'; duration_ms: number } & Partial<Record<ScoredField, string | number | null>>)
  | { error: { code: string; message: string } };

const LEGAL_FORMS = new Set(['sa', 'sas', 'sasu', 'sarl', 'eurl', 'sci', 'gmbh', 'ag', 'kg', 'ltd', 'limited', 'inc', 'llc', 'bv', 'nv', 'spa', 'srl', 'co', 'company', 'plc']);

/** Accents and case off, punctuation dropped, legal forms dropped, spaces collapsed. */
export function normaliseSupplier(name: string): string {
  const words = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, '')
    .split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'sdn' && words[i + 1] === 'bhd') { i++; continue; }
    if (!LEGAL_FORMS.has(words[i]!)) kept.push(words[i]!);
  }
  return kept.join(' ');
}

export function supplierMatches(predicted: string, expected: string): boolean {
  const p = normaliseSupplier(predicted);
  const e = normaliseSupplier(expected);
  if (!p || !e) return false;
  if (p === e) return true;
  if (p.length >= 4 && e.length >= 4 && (p.includes(e) || e.includes(p))) return true;
  const a = new Set(p.split(' '));
  const b = new Set(e.split(' '));
  const shared = [...a].filter((w) => b.has(w)).length;
  return shared / new Set([...a, ...b]).size >= 0.6;
}

/** Whether one predicted value is right; a missing prediction for a known value is wrong. */
export function fieldCorrect(field: ScoredField, predicted: string | number | null | undefined, expected: string): boolean {
  if (predicted === null || predicted === undefined || predicted === '') return false;
  if (fieldSpec(field).kind === 'amount') {
    // |p - e| < 0.005, in thousandths so that binary floating point cannot tip a boundary case.
    return Math.abs(Math.round(Number(predicted) * 1000) - Math.round(Number(expected) * 1000)) < 5;
  }
  switch (field) {
    case 'fournisseur':
      return supplierMatches(String(predicted), expected);
    case 'numero':
      return String(predicted).replace(/\s+/g, '').toLowerCase() === expected.replace(/\s+/g, '').toLowerCase();
    default:
      return String(predicted) === expected;
  }
}

export interface DocumentScore {
  file: string;
  kind: string;
  validated: boolean;
  /** Known fields only: field -> correct. */
  fields: Partial<Record<ScoredField, boolean>>;
  /** The same, for the known fields that the document actually prints (a render of page 1 of 2 may not). */
  printed: Partial<Record<ScoredField, boolean>>;
  /** Every known booking field (the amounts and the date) is correct: what a validated document must satisfy. */
  bookable: boolean;
  durationMs: number | null;
  error: string | null;
}

export function scoreDocument(truth: TruthEntry, prediction: Prediction): DocumentScore {
  const isError = 'error' in prediction;
  const fields: Partial<Record<ScoredField, boolean>> = {};
  for (const field of SCORED_FIELDS) {
    const expected = truth.expected[field];
    if (expected === null || expected === undefined) continue;
    fields[field] = !isError && fieldCorrect(field, prediction[field], expected);
  }
  const visible = truth.visible_on_page1 ?? truth.visible_in_text_layer ?? {};
  const printed = Object.fromEntries(Object.entries(fields).filter(([f]) => visible[f as ScoredField] !== false));
  const critical = BOOKING_FIELDS.filter((f) => f in fields);
  return {
    file: truth.file,
    kind: truth.kind,
    validated: !isError && prediction.status === 'validated',
    fields,
    printed,
    bookable: critical.every((f) => fields[f]),
    durationMs: isError ? null : prediction.duration_ms,
    error: isError ? prediction.error.code : null,
  };
}

export interface Ratio { correct: number; known: number }
export interface KindSummary {
  kind: string;
  documents: number;
  fields: Partial<Record<ScoredField, Ratio>>;
  printedFields: Partial<Record<ScoredField, Ratio>>;
  validated: number;
  validatedCorrect: number;
  medianMs: number | null;
  p95Ms: number | null;
  errors: number;
}

export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function ratios(perDocument: Array<Partial<Record<ScoredField, boolean>>>): Partial<Record<ScoredField, Ratio>> {
  const out: Partial<Record<ScoredField, Ratio>> = {};
  for (const fields of perDocument) {
    for (const [field, ok] of Object.entries(fields) as Array<[ScoredField, boolean]>) {
      const r = (out[field] ??= { correct: 0, known: 0 });
      r.known++;
      if (ok) r.correct++;
    }
  }
  return out;
}

export function summarise(kind: string, scores: DocumentScore[]): KindSummary {
  const times = scores.flatMap((s) => (s.durationMs === null ? [] : [s.durationMs]));
  const validated = scores.filter((s) => s.validated);
  return {
    kind,
    documents: scores.length,
    fields: ratios(scores.map((s) => s.fields)),
    printedFields: ratios(scores.map((s) => s.printed)),
    validated: validated.length,
    validatedCorrect: validated.filter((s) => s.bookable).length,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    errors: scores.filter((s) => s.error).length,
  };
}

/** Auto-validation precision (share of validated documents that are right) and coverage (share validated). */
export function precisionAndCoverage(scores: DocumentScore[]) {
  const validated = scores.filter((s) => s.validated);
  return {
    precision: validated.length ? validated.filter((s) => s.bookable).length / validated.length : null,
    coverage: scores.length ? validated.length / scores.length : null,
    validated: validated.length,
    wrongValidated: validated.filter((s) => !s.bookable).map((s) => s.file),
    /** Not part of precision (the corpus rules score amounts and date), but booked with the invoice all the same. */
    supplier: { right: validated.filter((s) => s.fields.fournisseur === true).length, known: validated.filter((s) => s.fields.fournisseur !== undefined).length },
  };
}
