// Peak memory of `invoices extract --json` over many files, as the issue's acceptance run calls it.
// The whole process tree is measured (the command restarts itself once, see bin/invoices.js): its
// resident sizes summed, sampled every 50 ms. The baseline, measured in the same run on the same
// files, is glibc's default malloc (8 arenas per core, a sliding mmap threshold) instead of the
// command's settings (src/config/malloc.ts).
//
//   node bench/cli-memory.ts [--files 250] [--kind rendered-from-facturx] [--corpus ../shared/corpus]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MALLOC_ENV } from '../src/config/malloc.ts';
import { corpusEntries, machine } from './lib.ts';

const { values } = parseArgs({ options: { files: { type: 'string', default: '250' }, kind: { type: 'string' }, corpus: { type: 'string', default: '../shared/corpus' } } });
const corpus = path.resolve(values.corpus!);
const files = corpusEntries(corpus).filter((e) => !values.kind || e.kind === values.kind).slice(0, Number(values.files)).map((e) => path.join(corpus, e.file));
const bin = path.join(import.meta.dirname, '..', 'bin', 'invoices.js');

/** Resident size of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(pid: number): number {
  let total = 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) total += treeRss(Number(child));
    }
  } catch {
    // The process ended between two reads.
  }
  return total;
}

async function run(malloc: Record<string, string>): Promise<{ peakMb: number; seconds: number; lines: number; errors: number }> {
  const started = performance.now();
  // Setting MALLOC_ARENA_MAX also stops the command from restarting itself with its own settings.
  const env = { ...process.env, MALLOC_MMAP_THRESHOLD_: undefined, ...malloc };
  const child = spawn(process.execPath, [bin, 'extract', '--json', ...files], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk; });
  let peak = 0;
  const timer = setInterval(() => { peak = Math.max(peak, treeRss(child.pid!)); }, 50);
  await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  const lines = out.trim().split('\n').filter(Boolean);
  return { peakMb: Math.round(peak / 1e6), seconds: Math.round((performance.now() - started) / 1000), lines: lines.length, errors: lines.filter((l) => l.includes('"error"')).length };
}

if (process.platform !== 'linux') throw new Error('This benchmark reads /proc: Linux only');
console.log(`${files.length} files${values.kind ? ` of kind ${values.kind}` : ''}; ${machine()}; OCR_WORKERS=${process.env.OCR_WORKERS ?? 'default'}`);
console.log('| malloc | peak RSS, process tree | wall time | result lines | errors |');
console.log('|---|---|---|---|---|');
const glibcDefault = { MALLOC_ARENA_MAX: String(8 * os.cpus().length) };
for (const [label, malloc] of [['glibc default (8 arenas per core, sliding mmap threshold)', glibcDefault], ['the command\'s (2 arenas, 128 KiB mmap threshold)', MALLOC_ENV]] as const) {
  const r = await run(malloc);
  console.log(`| ${label} | ${r.peakMb} MB | ${r.seconds} s | ${r.lines} | ${r.errors} |`);
}
