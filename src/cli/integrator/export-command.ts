// `invoices export --dossier D --format fec|csv -o FILE [--from DATE] [--to DATE]`: books the folder's
// validated invoices into an export batch (they become exported) and writes the batch's file.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExportFormat, InvoiceClient } from '../../client/client.ts';
import { EXIT } from './exit.ts';

export interface ExportOptions { dossier: string; format: ExportFormat; output: string; from?: string; to?: string; chargeAccount?: string }

export async function exportCommand(client: InvoiceClient, options: ExportOptions): Promise<number> {
  const dossier = await client.findDossier(options.dossier);
  const batch = await client.createExport({
    dossier_id: dossier.id, format: options.format, date_from: options.from, date_to: options.to,
    ...(options.chargeAccount ? { charge_account: options.chargeAccount } : {}),
  });
  const { data } = await client.downloadExportFile(batch.id);
  if (options.output === '-') {
    process.stdout.write(data);
    return EXIT.ok;
  }
  // Written beside the target and renamed over it, so FILE is never left half-written.
  const temporary = path.join(path.dirname(options.output), `.${path.basename(options.output)}.${process.pid}.tmp`);
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, options.output);
  process.stdout.write(`${batch.id}: ${batch.invoice_count} invoice(s) of ${dossier.name}, TTC ${batch.totals.montant_ttc.toFixed(2)}, written to ${options.output}\n`);
  return EXIT.ok;
}
