// `invoices import --dossier D [--concurrency N] [--wait] PATH...`: sends every PDF/JPG/PNG/XML found,
// a few at once, each with the Idempotency-Key its bytes derive, so a run that was interrupted can
// simply be run again: the files already sent are answered with the invoice they made (replayed),
// and nothing is imported twice. With --wait it follows processing and prints a summary.
import type { ImportOutcome, Invoice, InvoiceClient } from '../../client/client.ts';
import { InvoiceApiError } from '../../client/errors.ts';
import { formatTable } from '../table.ts';
import { EXIT, errorLine } from './exit.ts';
import { collectFiles, runPool } from './import-files.ts';
import { progress } from './progress.ts';

export interface ImportOptions { dossier: string; concurrency: number; wait: boolean; timeoutSeconds: number }

interface FileResult { file: string; outcome?: ImportOutcome; invoice?: Invoice; refused?: string }

export async function importCommand(client: InvoiceClient, paths: string[], options: ImportOptions): Promise<number> {
  const started = Date.now();
  const { files, skipped } = await collectFiles(paths);
  for (const file of skipped) process.stderr.write(`skipped ${file}: only PDF, JPG, PNG and XML files are imported\n`);
  const dossier = await client.findDossier(options.dossier);
  const results = await upload(client, dossier.id, files, options.concurrency);
  const sent = results.filter((r) => r.invoice);
  const counts = countBy(results, (r) => r.outcome ?? 'refused');
  process.stdout.write(`${files.length} file(s) into ${dossier.name} (${dossier.id}) in ${seconds(started)}: `
    + `${counts.created ?? 0} new, ${counts.replayed ?? 0} already sent by an earlier run, ${counts.duplicate ?? 0} duplicate(s), ${counts.refused ?? 0} refused\n`);
  if (!options.wait) return counts.refused ? EXIT.partial : EXIT.ok;

  const finals = await follow(client, sent, options);
  process.stdout.write(summary(results, finals, seconds(started)));
  const failed = [...finals.values()].some((invoice) => invoice.processing.state === 'failed');
  return counts.refused || failed ? EXIT.partial : EXIT.ok;
}

async function upload(client: InvoiceClient, dossierId: string, files: string[], concurrency: number): Promise<FileResult[]> {
  const results: FileResult[] = files.map((file) => ({ file }));
  const bar = progress('uploading', files.length);
  // Without a valid token no file can go through: stop starting new uploads at the first 401.
  let authFailure: InvoiceApiError | undefined;
  try {
    await runPool(results, concurrency, async (result) => {
      try {
        const { invoice, outcome } = await client.importInvoice(result.file, dossierId);
        Object.assign(result, { invoice, outcome });
        bar.tick(`${outcome.padEnd(9)} ${invoice.id}  ${result.file}`);
      } catch (error) {
        if (error instanceof InvoiceApiError && (error.status === 401 || error.status === 403)) authFailure ??= error;
        result.refused = errorLine(error);
        bar.note(`refused   ${result.file}: ${result.refused}`);
      }
    }, () => authFailure !== undefined);
  } finally {
    bar.stop();
  }
  if (authFailure) throw authFailure;
  return results;
}

/** Each distinct invoice once (a duplicate is the same invoice as another file's), waited for a few at a time. */
async function follow(client: InvoiceClient, sent: FileResult[], options: ImportOptions): Promise<Map<string, Invoice>> {
  const ids = [...new Set(sent.filter((r) => r.outcome !== 'duplicate').map((r) => r.invoice!.id))];
  const finals = new Map<string, Invoice>();
  const bar = progress('processing', ids.length);
  try {
    await runPool(ids, Math.max(8, options.concurrency), async (id) => {
      const invoice = await client.waitForProcessing(id, { timeoutMs: options.timeoutSeconds * 1000 });
      finals.set(id, invoice);
      bar.tick(`${resultOf(invoice).padEnd(9)} ${id}`);
    });
  } finally {
    bar.stop();
  }
  return finals;
}

const resultOf = (invoice: Invoice) => invoice.processing.state === 'failed' ? 'failed' : invoice.status;
/** Flagged by the service as probably the same invoice as an earlier one of the firm (another file, any folder). */
const likelyDuplicate = (invoice: Invoice) => invoice.duplicate_of !== null && invoice.duplicate_dismissed_at === null;

/** Why an invoice needs a person; a likely duplicate is one of its review reasons, said by the service. */
const reasonsOf = (invoice: Invoice) => invoice.processing.error
  ? `${invoice.processing.error.code}: ${invoice.processing.error.message}`
  : (invoice.extraction?.review_reasons ?? []).join('; ');

function summary(results: FileResult[], finals: Map<string, Invoice>, elapsed: string): string {
  const byResult = countBy([...finals.values()], resultOf);
  const duplicates = results.filter((r) => r.outcome === 'duplicate').length;
  const refused = results.filter((r) => r.refused).length;
  const rows = [
    ['validated', String(byResult.validated ?? 0)], ['pending', String(byResult.pending ?? 0)],
    ['failed', String(byResult.failed ?? 0)], ['duplicates', String(duplicates)],
    ['likely duplicates', String([...finals.values()].filter(likelyDuplicate).length)], ['refused', String(refused)],
  ];
  if (byResult.exported) rows.splice(1, 0, ['exported', String(byResult.exported)]);
  let out = `\nProcessed in ${elapsed}\n${formatTable(['result', 'files'], rows)}`;
  const fileOf = new Map(results.filter((r) => r.invoice && r.outcome !== 'duplicate').map((r) => [r.invoice!.id, r.file]));
  const attention = [...finals.values()].filter((i) => resultOf(i) === 'pending' || resultOf(i) === 'failed')
    .map((invoice) => [resultOf(invoice), invoice.id, fileOf.get(invoice.id) ?? '', reasonsOf(invoice)]);
  if (attention.length) out += `\nTo review\n${formatTable(['result', 'invoice', 'file', 'reasons'], attention, 60)}`;
  const refusedRows = results.filter((r) => r.refused).map((r) => [r.file, r.refused!]);
  if (refusedRows.length) out += `\nRefused\n${formatTable(['file', 'why'], refusedRows, 60)}`;
  return out;
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
