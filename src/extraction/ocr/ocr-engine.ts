// OCR with tesseract.js (WASM, in worker threads, so the event loop stays free), fra + eng models
// read from the @tesseract.js-data packages on disk. Nothing is fetched and nothing is cached to cwd.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';
import type { TextRun } from '../layout/text-run.ts';
import { dropGhostWords } from './ghost-words.ts';
import { splitGluedAmounts } from './glued-amounts.ts';

export interface OcrEngine {
  /**
   * Words of one page image, with pixel positions and confidences. `auto` segments the page into
   * columns, boxes and tables (invoices); `block` reads it as one column of text (receipts).
   */
  recognise(image: Buffer, page: number, layout?: PageLayout): Promise<TextRun[]>;
  /**
   * Starts loading the workers and their models without waiting for them, and has a new worker read
   * a warm-up page (WARM_UP_PAGE), so that both (about 0.45 s and 0.3 s on the worker's thread) run
   * while the page is being prepared on this one.
   */
  warm(): void;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const LANGUAGES = ['fra', 'eng'] as const;

/**
 * tesseract.js reads every language from one langPath, while each model ships in its own package:
 * a folder of symlinks to the packaged files joins them (nothing is copied or downloaded). The
 * folder is shared by every process of the user, and another install (an upgrade, a second
 * checkout) points the links elsewhere: a link is replaced by renaming a new one over it, which is
 * atomic, where removing then creating it let two sandboxes starting together fail with EEXIST.
 */
export function languageDir(dir = path.join(os.tmpdir(), `invoices-tessdata-${process.getuid?.() ?? 'user'}`)): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const code of LANGUAGES) {
    const source = path.join(path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`);
    const link = path.join(dir, `${code}.traineddata.gz`);
    if (fs.existsSync(link) && fs.realpathSync(link) === fs.realpathSync(source)) continue;
    const fresh = `${link}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.symlinkSync(source, fresh);
    fs.renameSync(fresh, link);
  }
  return dir;
}

/** `line`: one line of text, for a strip cut from a page (ocr/unread-ink.ts reads an amount's line again). */
export type PageLayout = 'auto' | 'block' | 'line';
/**
 * The resolution tesseract is told. Prepared pages carry none (PGM), and its own estimate from text
 * height read worse on the corpus's scans than a fixed 300 (measured: 77 vs 66 of 97 fields).
 */
const OCR_DPI = '300';
const SEGMENTATION: Record<PageLayout, PSM> = { auto: PSM.AUTO, block: PSM.SINGLE_BLOCK, line: PSM.SINGLE_LINE };

/**
 * Per-job parameters: tesseract.js sets them for one recognition only, then restores them.
 * debug_file: tesseract's own diagnostics ("Detected 12 diacritics") would go raw to stderr, in the
 * middle of the JSON log; they carry nothing the result does not, so they are dropped.
 */
const jobParams = (layout: PageLayout) => ({ tessedit_pageseg_mode: SEGMENTATION[layout], user_defined_dpi: OCR_DPI, debug_file: '/dev/null' });
/**
 * Words as TSV rather than as block objects: the objects carry every symbol and its choices, which
 * cost memory in the worker and again when copied to this thread (docs/benchmarks.md).
 */
const TSV_ONLY = { tsv: true, blocks: false, text: false };

/** tesseract's TSV: level, page, block, paragraph, line, word, left, top, width, height, conf, text. */
const WORD_LEVEL = '5';
/** Recognitions made by this process, numbering each one's line ids (wordsFromTsv). */
let readings = 0;

/**
 * `reading` numbers the recognition, so that two readings' line ids (tesseract counts blocks,
 * paragraphs and lines from 1 in each) never name the same line.
 */
export function wordsFromTsv(tsv: string, page: number, reading: number): TextRun[] {
  const out: TextRun[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== WORD_LEVEL || cols.length < 12) continue;
    const text = cols.slice(11).join('\t');
    if (!text.trim()) continue;
    const [x, y, w, h, conf] = cols.slice(6, 11).map(Number) as [number, number, number, number, number];
    out.push({ text, x, y, w, h, page, conf: conf / 100, ocrLine: `${reading}:${cols.slice(2, 5).join('.')}` });
  }
  return out;
}

/**
 * A few printed lines of one of the project's generated invoices, read once by a new worker while
 * the first page is still being prepared: V8 first runs tesseract's WebAssembly from a quick,
 * unoptimised compilation, and optimises the functions that run hot, so a new worker read its first
 * page about 0.5 s slower than the next (docs/benchmarks.md, session 15).
 */
const WARM_UP_PAGE = path.join(import.meta.dirname, 'warm-up.png');

export interface OcrEngineOptions {
  /** Read WARM_UP_PAGE when warm() starts a worker (default true; bench/ocr-variants.ts turns it off to compare). */
  warmUp?: boolean;
}

export function createOcrEngine(workers: number, options: OcrEngineOptions = {}): OcrEngine {
  let scheduler: Promise<Scheduler> | undefined;
  let warmedUp: Promise<unknown> | undefined;
  const start = async () => {
    const s = createScheduler();
    try {
      const langPath = languageDir();
      for (let i = 0; i < workers; i++) {
        const worker = await createWorker([...LANGUAGES], OEM.LSTM_ONLY, {
          langPath, cacheMethod: 'none', gzip: true,
          // Worker errors reject the job; without a handler tesseract.js rethrows them process-wide.
          errorHandler: () => {},
        });
        s.addWorker(worker);
      }
      return s;
    } catch (error) {
      await s.terminate().catch(() => {}); // the workers already started end with it
      throw error;
    }
  };
  // Workers start on first use: a process that never meets a scan never pays for the models. A
  // start that failed is not kept: the next page tries again, instead of every later page of this
  // sandbox failing with the same error.
  const ready = () => (scheduler ??= start().catch((error: unknown) => { scheduler = undefined; warmedUp = undefined; throw error; }));

  return {
    warm() {
      // A failure to start is not lost: a recognise() waiting on the same start rejects with it (a later one starts again).
      if (options.warmUp === false) ready().catch(() => {});
      else warmedUp ??= ready().then((s) => s.addJob('recognize', fs.readFileSync(WARM_UP_PAGE), jobParams('auto') as never, TSV_ONLY)).catch(() => {});
    },
    async recognise(image, page, layout = 'auto') {
      const s = await ready();
      const result = await s.addJob('recognize', image, jobParams(layout) as never, TSV_ONLY);
      return splitGluedAmounts(dropGhostWords(wordsFromTsv(result.data.tsv ?? '', page, ++readings)));
    },
    /** Ends the workers; a later recognise() starts new ones (a recognition already under way fails). */
    async close() {
      const [closing, warming] = [scheduler, warmedUp];
      scheduler = undefined;
      warmedUp = undefined;
      // Ended under a queued job, tesseract.js's scheduler would hand that job to a worker that is
      // gone, and reject outside any caller's reach: the warm-up page is let finish first.
      await warming;
      if (closing) await (await closing).terminate();
    },
  };
}
