// Shared by the bench scripts: the corpus index, a summary row, and a one-line machine description.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile } from '../src/evaluation/scoring.ts';

export interface CorpusEntry { file: string; kind: string; primary: boolean; expected: Record<string, string | null> }

export function corpusEntries(corpus: string): CorpusEntry[] {
  return JSON.parse(fs.readFileSync(path.join(corpus, 'truth.json'), 'utf8'));
}

export function summarise(label: string, ms: number[]): string {
  const f = (n: number | null) => (n === null ? '–' : n.toFixed(0));
  return `| ${label} | ${ms.length} | ${f(percentile(ms, 50))} | ${f(percentile(ms, 95))} | ${f(Math.max(...ms))} |`;
}

export function machine(): string {
  return `${os.cpus().length}x ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
}
