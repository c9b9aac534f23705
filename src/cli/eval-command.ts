// `npm run eval -- CORPUS [--kind K] [--all] [--out docs/accuracy.md] [--details FILE]`: runs the
// extractor over the corpus's truth.json, scores it by the corpus rules, prints the report and
// writes it. Files are extracted exactly as `invoices extract --json` does, a few at a time so the
// OCR pool stays busy; each file's own duration is what the speed columns report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { createExtractor } from '../extraction/index.ts';
import { renderReport } from '../extraction/evaluation/report.ts';
import { scoreDocument, summarise, type DocumentScore, type Prediction, type TruthEntry } from '../extraction/evaluation/scoring.ts';
import { errorLine, resultLine } from './extract-command.ts';

export interface EvalOptions { kinds: string[]; all: boolean; out: string | undefined; details: string | undefined; command: string }

export async function evalCommand(corpus: string, options: EvalOptions): Promise<number> {
  const truthPath = path.join(corpus, 'truth.json');
  if (!fs.existsSync(truthPath)) {
    process.stderr.write(`No truth.json in ${corpus}\n`);
    return 2;
  }
  const entries = (JSON.parse(fs.readFileSync(truthPath, 'utf8')) as TruthEntry[])
    .filter((e) => (options.all || e.primary) && (!options.kinds.length || options.kinds.includes(e.kind)));
  const config = loadConfig();
  const extractor = createExtractor({ ocrWorkers: config.extraction.ocrWorkers });
  const started = performance.now();
  const predictions: Prediction[] = new Array(entries.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < entries.length) {
      const i = next++;
      const file = path.join(corpus, entries[i]!.file);
      try {
        predictions[i] = resultLine(entries[i]!.file, await extractor.extract(new Uint8Array(fs.readFileSync(file)), config.extraction)) as Prediction;
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
  const kinds = [...new Set(entries.map((e) => e.kind))];
  const summaries = kinds.map((k) => summarise(k, scores.filter((s) => s.kind === k)));
  const report = renderReport(summaries, scores, {
    command: options.command,
    date: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus().length}x ${os.cpus()[0]?.model.trim()}, Node ${process.version}`,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    wallSeconds: (performance.now() - started) / 1000,
  });
  process.stdout.write(report);
  if (options.out) {
    fs.writeFileSync(options.out, `# Extraction accuracy\n\nProduced by the evaluation harness (\`src/cli/eval-command.ts\`) on the development corpus, scored by the rules of \`../shared/corpus/README.md\`, on ${options.all ? 'every entry' : 'primary entries'}${options.kinds.length ? ` of ${options.kinds.join(', ')}` : ''}.\n\n${report}`);
  }
  if (options.details) {
    fs.writeFileSync(options.details, entries.map((e, i) => JSON.stringify({ truth: e.expected, kind: e.kind, prediction: predictions[i], score: scores[i] })).join('\n') + '\n');
  }
  return 0;
}
