// Renders an evaluation as Markdown: one table of field accuracy per kind, one of validation and speed.
import { precisionAndCoverage, SCORED_FIELDS, type DocumentScore, type KindSummary, type Ratio } from './scoring.ts';

const pct = (r: Ratio | undefined) => (r && r.known ? `${((100 * r.correct) / r.known).toFixed(1)}% (${r.correct}/${r.known})` : '–');
const ms = (n: number | null) => (n === null ? '–' : String(Math.round(n)));
const rate = (r: Ratio | undefined) => (r && r.known ? r.correct / r.known : null);
const share = (n: number | null) => (n === null ? '–' : `${(100 * n).toFixed(1)}%`);

export interface RunInfo { command: string; date: string; machine: string; peakRssMb: number; wallSeconds: number }

export function runLine(run: RunInfo, documents: number): string[] {
  return [
    `Run on ${run.date} with \`${run.command}\`, on ${run.machine}.`,
    `${documents} documents in ${run.wallSeconds.toFixed(0)} s; peak memory (max RSS of the process, OCR workers included) **${run.peakRssMb} MB**.`,
  ];
}

/** One set of documents: the headline, field accuracy per kind, validation and speed per kind. */
export function renderReport(summaries: KindSummary[], scores: DocumentScore[], run: RunInfo | undefined, heading = '##', nameWrong = true): string {
  const overall = precisionAndCoverage(scores);
  const lines = [
    ...(run ? [...runLine(run, scores.length), ''] : []),
    `**Auto-validation precision: ${share(overall.precision)}** (${overall.validated - overall.wrongValidated.length}/${overall.validated} validated documents have every known amount and the date right). **Coverage: ${share(overall.coverage)}** (${overall.validated}/${scores.length} validated). Supplier right on ${overall.supplier.right}/${overall.supplier.known} validated documents whose supplier is known.`,
    '',
    `${heading} Field accuracy per kind (correct / known)`,
    '',
    `| kind | docs | ${SCORED_FIELDS.join(' | ')} |`,
    `|---|---|${SCORED_FIELDS.map(() => '---').join('|')}|`,
    ...summaries.map((s) => `| ${s.kind} | ${s.documents} | ${SCORED_FIELDS.map((f) => pct(s.fields[f])).join(' | ')} |`),
    ...printedTable(summaries, heading),
    '',
    `${heading} Validation and speed per kind`,
    '',
    '| kind | validated | precision | errors | median ms | p95 ms |',
    '|---|---|---|---|---|---|',
    ...summaries.map((s) => `| ${s.kind} | ${s.validated}/${s.documents} | ${s.validated ? share(s.validatedCorrect / s.validated) : '–'} | ${s.errors} | ${ms(s.medianMs)} | ${ms(s.p95Ms)} |`),
  ];
  if (overall.wrongValidated.length) {
    const named = nameWrong ? overall.wrongValidated.map((f) => `- \`${f}\``) : [`${overall.wrongValidated.length} documents (not named: this half is for checking, not tuning).`];
    lines.push('', `${heading} Validated but wrong`, '', ...named);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Kinds where some known values are not printed on what the extractor reads (a render of page 1 of
 * a two-page invoice has no totals): the same accuracy over the values that are printed.
 */
function printedTable(summaries: KindSummary[], heading: string): string[] {
  const partial = summaries.filter((s) => SCORED_FIELDS.some((f) => share(rate(s.printedFields[f])) !== share(rate(s.fields[f]))));
  if (!partial.length) return [];
  return [
    '',
    `${heading}# The same, over the values printed on the page or in the text layer`,
    '',
    `| kind | ${SCORED_FIELDS.join(' | ')} |`,
    `|---|${SCORED_FIELDS.map(() => '---').join('|')}|`,
    ...partial.map((s) => `| ${s.kind} | ${SCORED_FIELDS.map((f) => pct(s.printedFields[f])).join(' | ')} |`),
  ];
}
