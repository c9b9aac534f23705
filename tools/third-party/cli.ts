// `node tools/third-party/cli.ts --seed N --count M --out DIR [--templates h1,jspdf,micro,fxkit,invoiceit]`
// (Node 24; see README.md). Invoices laid out by third-party npm templates, taken in turn. For each:
// the PDF (text-layer-pdf), page 1 at 200 dpi (rendered-from-digital-pdf) and a phone scan of that
// render (synthetic-fr-scan), and for factur-x-kit the hybrid PDF with its XML (facturx-pdf), with
// DIR/truth.json in the corpus's format. Everything comes from the seed.
//
// Seeds: tune on 1-99; seed 9001 is only ever scored, never opened document by document.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { phoneScan, pickScanParameters, RENDER_DPI } from '../generate/degrade.ts';
import { createRng, type Rng } from '../generate/random.ts';
import { buildFxkit } from './fxkit-template.ts';
import { buildH1 } from './h1-template.ts';
import { makeInvoice, type Invoice } from './invoice-data.ts';
import { buildInvoiceIt, closeInvoiceItBrowser } from './invoiceit-template.ts';
import { buildJspdf } from './jspdf-template.ts';
import { buildMicro } from './micro-template.ts';
import { pageTexts, renderFirstPage } from './pdf-pages.ts';
import { InconsistentTotalsError, type TemplateInvoice } from './template-output.ts';
import { truthEntries, truthProblems, visibility } from './truth.ts';

const MAX_REDRAWS = 20;

/**
 * The templates, taken in turn: invoice i of seed s is laid out by templates[(s + i) % templates.length],
 * all five by default. `--templates h1,jspdf,micro` makes the sets of seeds 3 to 9001 made before
 * factur-x-kit joined, `--templates h1,jspdf,micro,fxkit` those made before invoice-it did.
 */
const TEMPLATES = ['h1', 'jspdf', 'micro', 'fxkit', 'invoiceit'] as const;
type Template = (typeof TEMPLATES)[number];
const BUILDERS: Record<Template, (rng: Rng, inv: Invoice) => TemplateInvoice | Promise<TemplateInvoice>> = { h1: buildH1, jspdf: buildJspdf, micro: buildMicro, fxkit: buildFxkit, invoiceit: buildInvoiceIt };

interface Options { seed: string; count: number; out: string; templates: Template[] }

const isTemplate = (name: string): name is Template => (TEMPLATES as readonly string[]).includes(name);

function readOptions(): Options {
  const { values } = parseArgs({ options: { seed: { type: 'string', default: '1' }, count: { type: 'string', default: '30' }, out: { type: 'string' }, templates: { type: 'string', default: TEMPLATES.join(',') } } });
  if (!values.out) throw new Error(`usage: node tools/third-party/cli.ts --seed S --count N --out DIR [--templates ${TEMPLATES.join(',')}]`);
  const templates = values.templates.split(',');
  const unknown = templates.filter((name) => !isTemplate(name));
  if (unknown.length || templates.length === 0) throw new Error(`--templates takes names among ${TEMPLATES.join(', ')}, got ${values.templates}`);
  // The seed is kept as typed: it is part of the generator's seed strings and of the file names.
  if (!/^\d+$/.test(values.seed)) throw new Error(`--seed must be a non-negative integer, got ${values.seed}`);
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--count must be a positive integer, got ${values.count}`);
  return { seed: values.seed, count, out: values.out, templates: templates as Template[] };
}

/**
 * The invoice with index i. A draw whose h1 totals do not add up to the cent (the template sums in
 * binary floating point) is redrawn from the next attempt's seed.
 */
async function drawInvoice(seed: string, index: number, template: Template): Promise<{ inv: Invoice; built: TemplateInvoice }> {
  for (let attempt = 0; ; attempt++) {
    const rng = createRng(`third-party:${seed}:${index}:${attempt}`);
    const inv = makeInvoice(rng);
    try {
      return { inv, built: await BUILDERS[template](rng, inv) };
    } catch (error) {
      if (!(error instanceof InconsistentTotalsError) || attempt > MAX_REDRAWS) throw error;
    }
  }
}

/** Writes the invoice's three files and returns its truth entries and any failed check. */
async function writeInvoice(options: Options, index: number): Promise<{ entries: unknown[]; problems: string[] }> {
  const id = `tp-${options.seed}-${String(index).padStart(3, '0')}`;
  const template = options.templates[(index + Number(options.seed)) % options.templates.length]!;
  const { inv, built } = await drawInvoice(options.seed, index, template);
  const pages = await pageTexts(built.pdf);
  const inText = visibility(pages.join('\n'), built);
  const onPage1 = visibility(pages[0]!, built);
  const problems = truthProblems(id, template === 'h1', built.expected, inText, template === 'invoiceit' ? 1 : 0);

  const stem = `docs/${id}`;
  fs.writeFileSync(path.join(options.out, `${stem}.pdf`), built.pdf);
  if (built.facturx) fs.writeFileSync(path.join(options.out, `${stem}_fx.pdf`), built.facturx);
  const png = await renderFirstPage(built.pdf);
  fs.writeFileSync(path.join(options.out, `${stem}_p1.png`), png);
  const scanRng = createRng(`third-party-scan:${options.seed}:${index}`);
  const scan = pickScanParameters(scanRng);
  fs.writeFileSync(path.join(options.out, `${stem}_p1_scan.jpg`), await phoneScan(png, RENDER_DPI, scan, scanRng));

  const e = built.expected;
  process.stderr.write(`${id} ${template} ${inv.locale} TTC ${e.montant_ttc} HT${inText.montant_ht ? '' : '(hidden)'} TVA${inText.montant_tva ? '' : '(hidden)'} pages ${pages.length}\n`);
  return { entries: truthEntries(id, built, inv, { stem, pageCount: pages.length, inText, onPage1, scan }), problems };
}

async function main(): Promise<void> {
  // factur-x-kit dates its PDF at the invoice date's local midnight: UTC everywhere, for the same bytes.
  process.env.TZ = 'UTC';
  const options = readOptions();
  fs.mkdirSync(path.join(options.out, 'docs'), { recursive: true });
  const truth: unknown[] = [];
  const problems: string[] = [];
  try {
    for (let index = 1; index <= options.count; index++) {
      const result = await writeInvoice(options, index);
      truth.push(...result.entries);
      problems.push(...result.problems);
    }
  } finally { await closeInvoiceItBrowser(); }
  fs.writeFileSync(path.join(options.out, 'truth.json'), JSON.stringify(truth, null, 1));
  if (problems.length) {
    process.stderr.write(`PROBLEMS:\n${problems.join('\n')}\n`);
    process.exitCode = 1;
  }
  process.stderr.write(`${truth.length} files for ${options.count} invoices in ${options.out}\n`);
}

await main();
