// Shared by the bench scripts: the corpus index, a summary row, a one-line machine description, and
// the port a server started as a child process says it listens on.
import type { ChildProcess } from 'node:child_process';
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

/** The port a child server prints as "listening <port>" on its stdout; fails if it exits first. */
export function listeningPort(child: ChildProcess, name: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}
