// The variants bench/ocr-time.ts can compare: `current` is the engine and step as they ship; the
// others change one thing each (tesseract's languages or parameters, or the step's readings), so
// that a candidate is measured beside the current code in the same run before it is adopted.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createWorker, OEM, PSM } from 'tesseract.js';
import type { LoadedDocument } from '../src/extraction/document.ts';
import { createOcrEngine, wordsFromTsv, type OcrEngine } from '../src/extraction/ocr/ocr-engine.ts';
import { estimateSkew } from '../src/extraction/ocr/deskew.ts';
import { decodeGrey, prepareImage, type GreyImage } from '../src/extraction/ocr/prepare-image.ts';
import { readByOcr, type OcrReading, type Prepare } from '../src/extraction/steps/ocr-step.ts';
import type { TimeStage } from '../src/extraction/ocr/pages-read.ts';

export interface Variant {
  description: string;
  engine(): OcrEngine;
  read(doc: LoadedDocument, ocr: OcrEngine, time: TimeStage): Promise<OcrReading>;
}

const require = createRequire(import.meta.url);

/** The models from node_modules, joined in one folder as the engine does (symlinks, nothing copied). */
function languageDir(languages: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-bench-tessdata-'));
  for (const code of languages) {
    const source = path.join(path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`);
    fs.symlinkSync(source, path.join(dir, `${code}.traineddata.gz`));
  }
  return dir;
}

/** Recognitions of the bench engines, numbering their line ids as the shipped engine does. */
let benchReadings = 0;

/** One worker, like `invoices extract`, with the given languages, init-only config and per-job parameters. */
function benchEngine(languages: string[], initConfig: Record<string, string>, jobParams: Record<string, string>): OcrEngine {
  let worker: ReturnType<typeof createWorker> | undefined;
  const ready = () => (worker ??= createWorker(languages, OEM.LSTM_ONLY, {
    langPath: languageDir(languages), cacheMethod: 'none', gzip: true, errorHandler: () => {},
  }, initConfig));
  return {
    async recognise(image, page, layout = 'auto') {
      const w = await ready();
      const psm = layout === 'auto' ? PSM.AUTO : PSM.SINGLE_BLOCK;
      const result = await w.recognize(image, { tessedit_pageseg_mode: psm, user_defined_dpi: '300', ...jobParams } as never, { tsv: true, blocks: false, text: false });
      return wordsFromTsv(result.data.tsv ?? '', page, ++benchReadings);
    },
    warm() {
      ready().catch(() => {});
    },
    async close() {
      if (worker) await (await worker).terminate();
      worker = undefined;
    },
  };
}

const FRA_ENG = ['fra', 'eng'];
const step = (doc: LoadedDocument, ocr: OcrEngine, time: TimeStage) => readByOcr(doc, ocr, time);

export const VARIANTS: Record<string, Variant> = {
  current: { description: 'the engine and OCR step as they ship', engine: () => createOcrEngine(1), read: step },
  'no-warm-up': {
    description: 'models loaded during preparation, but no warm-up page read by a new worker (matters with --cold)',
    engine: () => createOcrEngine(1, { warmUp: false }), read: step,
  },
  'no-warm': {
    description: 'models loaded when the first page is ready, not while it is prepared (before session 15; matters with --cold)',
    engine: () => ({ ...createOcrEngine(1, { warmUp: false }), warm() {} }), read: step,
  },
  'no-block-reading': {
    description: 'a page whose words form one narrow column (a receipt) not read again as one block of text (before session 16)',
    engine: () => createOcrEngine(1), read: (doc, ocr, time) => readByOcr(doc, ocr, time, prepareImage, { narrowAsBlock: false }),
  },
  'one-round': {
    description: 'unread rows read again in one round of six bands, not until the page reads what it lacked (before session 26)',
    engine: () => createOcrEngine(1), read: (doc, ocr, time) => readByOcr(doc, ocr, time, prepareImage, { unreadRowRounds: 1 }),
  },
  'bench-same': { description: 'the bench engine with the shipped settings (checks the bench engine itself)', engine: () => benchEngine(FRA_ENG, {}, {}), read: step },
  'no-invert': {
    description: 'tessedit_do_invert=0: no second recognition of each line as white-on-black',
    engine: () => benchEngine(FRA_ENG, {}, { tessedit_do_invert: '0' }), read: step,
  },
  'no-dict': {
    description: 'dictionaries not loaded (load_system_dawg=0, load_freq_dawg=0)',
    engine: () => benchEngine(FRA_ENG, { load_system_dawg: '0', load_freq_dawg: '0' }, {}), read: step,
  },
  'accept-4': {
    description: 'stopper_nondict_certainty_base=-4 (default -2.5): a word outside the dictionary read less surely still counts as read, so the second language is tried on fewer words',
    engine: () => benchEngine(FRA_ENG, {}, { stopper_nondict_certainty_base: '-4' }), read: step,
  },
  'accept-8': {
    description: 'stopper_nondict_certainty_base=-8',
    engine: () => benchEngine(FRA_ENG, {}, { stopper_nondict_certainty_base: '-8' }), read: step,
  },
  'fra-only': { description: 'fra alone', engine: () => benchEngine(['fra'], {}, {}), read: step },
  'eng-only': { description: 'eng alone', engine: () => benchEngine(['eng'], {}, {}), read: step },
  'eng-fra': { description: 'eng first, then fra', engine: () => benchEngine(['eng', 'fra'], {}, {}), read: step },
};

/**
 * prepareImage (src/extraction/ocr/prepare-image.ts) with another upscaling rule: images narrower
 * than `minWidth` are enlarged by `factor`, to at most `maxWidth`. Everything else as shipped.
 */
function prepareWith(minWidth: number, factor: number, maxWidth: number): Prepare {
  return async (source) => {
    let image: GreyImage = await decodeGrey(source);
    const skew = await estimateSkew(image);
    const apply = async (op: (s: Sharp) => Sharp) => {
      const out = await op(sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })).grayscale().raw().toBuffer({ resolveWithObject: true });
      image = { data: out.data, width: out.info.width, height: out.info.height };
    };
    if (image.width < minWidth) await apply((s) => s.resize({ width: Math.min(maxWidth, Math.round(image.width * factor)), kernel: 'lanczos3' }));
    if (Math.abs(skew) >= 0.2) await apply((s) => s.rotate(-skew, { background: '#ffffff' }));
    return image;
  };
}

const upscaled = (minWidth: number, factor: number, maxWidth: number): Variant => ({
  description: `upscaling below ${minWidth} px by ${factor}x to at most ${maxWidth} px`,
  engine: () => createOcrEngine(1),
  read: (doc, ocr, time) => readByOcr(doc, ocr, time, prepareWith(minWidth, factor, maxWidth)),
});
VARIANTS['up-2x-2480'] = upscaled(1600, 2, 2480);
VARIANTS['up-1.5x-2000'] = upscaled(1600, 1.5, 2000);
VARIANTS['up-1.5x-2480'] = upscaled(1600, 1.5, 2480);
VARIANTS['up-none'] = upscaled(0, 1, 0);
