// The tune and check halves side by side. The check half's figures are the ones to quote; its
// wrongly validated files are counted, never named, so that nobody tunes on them by accident.
import { renderReport, runLine, type RunInfo } from './report.ts';
import { AMOUNT_FIELDS } from '../domain/invoice-fields.ts';
import { precisionAndCoverage, summarise, type DocumentScore, type KindSummary, type Ratio } from './scoring.ts';
import type { Half } from './split.ts';

export interface HalfScores { half: Half; scores: DocumentScore[] }

const pct = (r: Ratio | undefined) => (r && r.known ? `${((100 * r.correct) / r.known).toFixed(1)}%` : '–');
const ratioText = (r: Ratio | undefined) => (r && r.known ? `${pct(r)} (${r.correct}/${r.known})` : '–');

function add(into: Ratio, r: Ratio | undefined): Ratio {
  return r ? { correct: into.correct + r.correct, known: into.known + r.known } : into;
}

/** Every amount the documents show, all kinds together: the headline amounts figure. */
export function shownAmounts(summaries: KindSummary[]): Ratio {
  return summaries.reduce((acc, s) => AMOUNT_FIELDS.reduce((a, f) => add(a, s.printedFields[f]), acc), { correct: 0, known: 0 });
}

function kindsOf(halves: HalfScores[]): string[] {
  return [...new Set(halves.flatMap((h) => h.scores.map((s) => s.kind)))];
}

export function renderSplitReport(halves: HalfScores[], run: RunInfo): string {
  const kinds = kindsOf(halves);
  const byHalf = halves.map((h) => ({
    ...h,
    overall: precisionAndCoverage(h.scores),
    summaries: kinds.map((k) => summarise(k, h.scores.filter((s) => s.kind === k))),
  }));
  const cell = (f: (x: (typeof byHalf)[number]) => string) => byHalf.map(f).join(' / ');
  const headline = (x: (typeof byHalf)[number]) => {
    const p = x.overall.precision === null ? '–' : `${(100 * x.overall.precision).toFixed(1)}%`;
    const c = x.overall.coverage === null ? '–' : `${(100 * x.overall.coverage).toFixed(1)}%`;
    return `precision **${p}** (${x.overall.validated - x.overall.wrongValidated.length}/${x.overall.validated}), coverage **${c}**, amounts shown ${ratioText(shownAmounts(x.summaries))}, supplier right on ${x.overall.supplier.right}/${x.overall.supplier.known} validated`;
  };
  const names = byHalf.map((x) => x.half).join(' / ');
  const lines = [
    ...runLine(run, halves.reduce((n, h) => n + h.scores.length, 0)),
    '',
    'The corpus is split by `dup_group` into a *tune* half and a *check* half (`src/evaluation/split.ts`, fixed seed).',
    'Rules and weights are worked out on tune; the **check** figures are the ones to quote.',
    '',
    ...byHalf.map((x) => `- **${x.half}** (${x.scores.length} documents): ${headline(x)}`),
    '',
    '## Side by side',
    '',
    `| kind | docs (${names}) | validated (${names}) | precision (${names}) | HT shown (${names}) | TVA shown (${names}) | TTC shown (${names}) | date (${names}) |`,
    '|---|---|---|---|---|---|---|---|',
    ...kinds.map((k, i) => {
      const s = (x: (typeof byHalf)[number]) => x.summaries[i]!;
      const prec = (x: (typeof byHalf)[number]) => (s(x).validated ? `${((100 * s(x).validatedCorrect) / s(x).validated).toFixed(1)}%` : '–');
      return `| ${k} | ${cell((x) => String(s(x).documents))} | ${cell((x) => `${s(x).validated}`)} | ${cell(prec)} | ${cell((x) => pct(s(x).printedFields.montant_ht))} | ${cell((x) => pct(s(x).printedFields.montant_tva))} | ${cell((x) => pct(s(x).printedFields.montant_ttc))} | ${cell((x) => pct(s(x).fields.date_facture))} |`;
    }),
  ];
  for (const x of [...byHalf].sort((a) => (a.half === 'check' ? -1 : 1))) {
    const summaries = x.summaries.filter((s) => s.documents > 0);
    lines.push('', `## The ${x.half} half in full`, '', renderReport(summaries, x.scores, undefined, '###', x.half !== 'check').trimEnd());
  }
  return `${lines.join('\n')}\n`;
}
