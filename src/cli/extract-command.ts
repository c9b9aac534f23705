// `invoices extract [--json] FILE...`: one result per file, in input order; a failing file never
// stops the others. Files are read one at a time, so 250 files need no more memory than one.
import fs from 'node:fs/promises';
import { loadConfig } from '../config/config.ts';
import { convertAmounts } from '../domain/field-values.ts';
import { FIELD_NAMES } from '../domain/invoice-fields.ts';
import { centsToNumber } from '../domain/money.ts';
import { createExtractor, ExtractionError, type ExtractionResult } from '../extraction/index.ts';
import { formatTable } from './table.ts';

export function resultLine(file: string, result: ExtractionResult) {
  return {
    file, status: result.status, source: result.source,
    ...convertAmounts(result.fields, FIELD_NAMES, centsToNumber),
    confidence: result.confidence, review_reasons: result.reviewReasons, duration_ms: result.durationMs,
    ...(result.extra.dateEvidence ? { date_evidence: result.extra.dateEvidence } : {}),
    ...(result.extra.rivalTotals?.length ? { rival_totals: result.extra.rivalTotals.map(centsToNumber) } : {}),
    ...(result.gate ? { gate: result.gate } : {}),
    ...(result.extra.supplierCandidates?.length ? { supplier_candidates: result.extra.supplierCandidates } : {}),
  };
}

/** What reading a named file can fail with before extraction starts, said as the command's own codes. */
const FILE_ERRORS: Record<string, { code: string; message: (file: string) => string }> = {
  ENOENT: { code: 'file_not_found', message: (file) => `No such file: ${file}` },
  EISDIR: { code: 'not_a_file', message: (file) => `${file} is a folder: name the files in it (for example ${file.replace(/\/$/, '')}/*.pdf)` },
  EACCES: { code: 'file_not_readable', message: (file) => `No permission to read ${file}` },
};

export function errorLine(file: string, error: unknown) {
  if (error instanceof ExtractionError) return { file, error: { code: error.code, message: error.message } };
  const known = FILE_ERRORS[(error as NodeJS.ErrnoException)?.code ?? ''];
  if (known) return { file, error: { code: known.code, message: known.message(file) } };
  return { file, error: { code: 'extraction_failed', message: error instanceof Error ? error.message : String(error) } };
}

export async function extractCommand(files: string[], options: { json: boolean }): Promise<number> {
  if (!files.length) {
    process.stderr.write('Usage: invoices extract [--json] FILE...\n');
    return 2;
  }
  // Files are read one at a time, so a second OCR worker would only serve multi-page scans, and it
  // costs its own model and image memory: 608 MB against 555 MB over 250 files (docs/benchmarks.md).
  // OCR_WORKERS, when set, still decides.
  const config = loadConfig({ OCR_WORKERS: '1', ...process.env });
  const extractor = createExtractor({ ocrWorkers: config.extraction.ocrWorkers, ocrIdleMs: config.extraction.ocrIdleMs });
  let failures = 0;
  const table: string[][] = [];
  try {
    for (const file of files) {
      let line: ReturnType<typeof resultLine> | ReturnType<typeof errorLine>;
      try {
        const bytes = await fs.readFile(file);
        line = resultLine(file, await extractor.extract(bytes, config.extraction));
      } catch (error) {
        failures++;
        line = errorLine(file, error);
      }
      if (options.json) process.stdout.write(`${JSON.stringify(line)}\n`);
      else table.push(tableRow(line));
    }
  } finally {
    await extractor.close();
  }
  if (!options.json) printTable(table);
  return failures === files.length ? 1 : 0;
}

function tableRow(line: ReturnType<typeof resultLine> | ReturnType<typeof errorLine>): string[] {
  if ('error' in line) return [line.file, 'error', line.error.code, '', '', '', '', '', line.error.message];
  const money = (n: number | null) => (n === null ? '-' : n.toFixed(2));
  return [line.file, line.status, line.source, money(line.montant_ht), money(line.montant_tva), money(line.montant_ttc),
    line.date_facture ?? '-', line.fournisseur ?? '-', line.review_reasons.join('; ')];
}

function printTable(rows: string[][]) {
  process.stdout.write(formatTable(['file', 'status', 'source', 'HT', 'TVA', 'TTC', 'date', 'supplier', 'review'], rows));
}
