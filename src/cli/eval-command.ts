// `npm run eval -- CORPUS [--split tune|check|whole] [--kind K] [--all] [--out docs/accuracy.md] [--details FILE]`:
// runs the extractor over the corpus's truth.json, scores it by the corpus rules, prints the report and
// writes it. Without --split it reports the tune and check halves side by side; --details writes the
// tune half's documents only, since the check half is for figures, not for reading failures.
// `--split whole` is for a generated set made from a tune seed, every document of which may be read. Files are extracted exactly as `invoices extract --json` does, a few at a time so the
// OCR pool stays busy; each file's own duration is what the speed columns report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { createExtractor } from '../extraction/index.ts';
import { renderReport, type RunInfo } from '../evaluation/report.ts';
import { scoreDocument, summarise, type DocumentScore, type Prediction, type TruthEntry } from '../evaluation/scoring.ts';
import { renderSplitReport } from '../evaluation/split-report.ts';
import { halfOf, HALVES, splitCorpus, type Half } from '../evaluation/split.ts';
import { errorLine, resultLine } from './extract-command.ts';

export interface EvalOptions {
  kinds: string[]; all: boolean; split: Half | 'whole' | undefined; out: string | undefined; details: string | undefined; command: string;
}

export async function evalCommand(corpus: string, options: EvalOptions): Promise<number> {
  const truthPath = path.join(corpus, 'truth.json');
  if (!fs.existsSync(truthPath)) {
    process.stderr.write(`No truth.json in ${corpus}\n`);
    return 2;
  }
  if (options.split && options.split !== 'whole' && !HALVES.includes(options.split)) {
    process.stderr.write(`--split takes ${HALVES.join(', ')} or whole, not ${options.split}\n`);
    return 2;
  }
  const truth = JSON.parse(fs.readFileSync(truthPath, 'utf8')) as TruthEntry[];
  // The halves come from the whole corpus, so that --kind or --all never moves a document to the other half.
  const halves = splitCorpus(truth);
  const entries = truth.filter((e) => (options.all || e.primary) && (!options.kinds.length || options.kinds.includes(e.kind))
    && (!options.split || options.split === 'whole' || halfOf(e, halves) === options.split));
  const half = (e: TruthEntry): Half => (options.split === 'whole' ? 'tune' : halfOf(e, halves));
  const config = loadConfig();
  const extractor = createExtractor({ ocrWorkers: config.extraction.ocrWorkers, ocrIdleMs: config.extraction.ocrIdleMs });
  const started = performance.now();
  const predictions: Prediction[] = new Array(entries.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < entries.length) {
      const i = next++;
      const file = path.join(corpus, entries[i]!.file);
      try {
        predictions[i] = resultLine(entries[i]!.file, await extractor.extract(fs.readFileSync(file), config.extraction)) as Prediction;
      } catch (error) {
        predictions[i] = errorLine(entries[i]!.file, error) as Prediction;
      }
      if (++done % 10 === 0 || done === entries.length) process.stderr.write(`\r${done}/${entries.length} documents`);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, config.extraction.ocrWorkers) }, worker));
  } finally {
    await extractor.close();
  }
  process.stderr.write('\n');

  const scores: DocumentScore[] = entries.map((e, i) => scoreDocument(e, predictions[i]!));
  const run: RunInfo = {
    command: options.command,
    date: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus().length}x ${os.cpus()[0]?.model.trim()}, Node ${process.version}`,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    wallSeconds: (performance.now() - started) / 1000,
  };
  const report = options.split
    ? renderReport(kindSummaries(scores), scores, run, '##', options.split !== 'check')
    : renderSplitReport(HALVES.map((h) => ({ half: h, scores: scores.filter((_, i) => half(entries[i]!) === h) })), run);
  process.stdout.write(report);
  if (options.out) {
    fs.writeFileSync(options.out, `# Extraction accuracy\n\nProduced by the evaluation harness (\`src/cli/eval-command.ts\`) on \`${corpus}\`, scored by the rules of \`../shared/corpus/README.md\`, on ${options.all ? 'every entry' : 'primary entries'}${options.kinds.length ? ` of ${options.kinds.join(', ')}` : ''}${options.split === 'whole' ? ', undivided' : options.split ? `, ${options.split} half only` : ''}.\n\n${report}`);
  }
  if (options.details) {
    const tune = entries.flatMap((e, i) => (half(e) === 'tune' ? [JSON.stringify({ truth: e.expected, kind: e.kind, prediction: predictions[i], score: scores[i] })] : []));
    fs.writeFileSync(options.details, tune.join('\n') + '\n');
  }
  return 0;
}

function kindSummaries(scores: DocumentScore[]) {
  return [...new Set(scores.map((s) => s.kind))].map((k) => summarise(k, scores.filter((s) => s.kind === k)));
}
