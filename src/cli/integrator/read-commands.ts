// `invoices dossiers list|create`, `invoices list` and `invoices show`: what is in the service, as a
// table for people, or as JSON or CSV for other programs.
import type { Invoice, InvoiceClient, InvoiceListItem, InvoiceQuery } from '../../client/client.ts';
import { csvRecord, formatTable } from '../table.ts';
import { EXIT } from './exit.ts';

const money = (n: number | null) => (n === null ? '' : n.toFixed(2));

export async function dossiersList(client: InvoiceClient, options: { json?: boolean }): Promise<number> {
  const dossiers = await client.listDossiers();
  if (options.json) process.stdout.write(`${JSON.stringify(dossiers, null, 2)}\n`);
  else process.stdout.write(formatTable(['id', 'name', 'invoices', 'created'], dossiers.map((d) => [d.id, d.name, String(d.invoice_count), d.created_at.slice(0, 10)])));
  return EXIT.ok;
}

export async function dossiersCreate(client: InvoiceClient, name: string, options: { json?: boolean }): Promise<number> {
  const dossier = await client.createDossier(name);
  process.stdout.write(options.json ? `${JSON.stringify(dossier, null, 2)}\n` : `${dossier.id}\n`);
  return EXIT.ok;
}

export interface ListOptions {
  dossier: string; status?: InvoiceQuery['status']; from?: string; to?: string; duplicates?: boolean; sort?: InvoiceQuery['sort']; json?: boolean; csv?: boolean;
}

const LIST_COLUMNS = ['id', 'date_facture', 'fournisseur', 'siret', 'montant_ht', 'montant_tva', 'montant_ttc', 'status'] as const;

/** Every matching invoice of the folder, all pages; JSON is one array, CSV has a header line. */
export async function listCommand(client: InvoiceClient, options: ListOptions): Promise<number> {
  const dossier = await client.findDossier(options.dossier);
  const query = {
    dossier_id: dossier.id, status: options.status, date_from: options.from, date_to: options.to, sort: options.sort,
    ...(options.duplicates ? { duplicate: true as const } : {}),
  };
  const items: InvoiceListItem[] = [];
  for await (const item of client.allInvoices(query)) items.push(item);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
  } else if (options.csv) {
    process.stdout.write(csvRecord([...LIST_COLUMNS]) + items.map((i) => csvRecord(LIST_COLUMNS.map((c) => i[c]))).join(''));
  } else {
    process.stdout.write(formatTable(['id', 'date', 'supplier', 'HT', 'TVA', 'TTC', 'status'], items.map((i) => [
      i.id, i.date_facture ?? '', i.fournisseur ?? '', money(i.montant_ht), money(i.montant_tva), money(i.montant_ttc), i.status,
    ])));
    process.stdout.write(`${items.length} invoice(s)\n`);
  }
  return EXIT.ok;
}

export async function showCommand(client: InvoiceClient, id: string, options: { json?: boolean }): Promise<number> {
  const invoice = await client.getInvoice(id);
  process.stdout.write(options.json ? `${JSON.stringify(invoice, null, 2)}\n` : describe(invoice));
  return EXIT.ok;
}

function describe(invoice: Invoice): string {
  const rows: Array<[string, string]> = [
    ['id', invoice.id], ['status', invoice.status], ['processing', invoice.processing.state],
    ['supplier', invoice.fournisseur ?? ''], ['siret', invoice.siret ?? ''], ['number', invoice.numero ?? ''],
    ['date', invoice.date_facture ?? ''], ['HT', money(invoice.montant_ht)], ['TVA', money(invoice.montant_tva)],
    ['TTC', money(invoice.montant_ttc)], ['currency', invoice.devise ?? ''], ['file', `${invoice.file.name} (${invoice.file.type}, ${invoice.file.size} bytes)`],
    ['folder', invoice.dossier_id],
  ];
  if (invoice.extraction) rows.push(['source', invoice.extraction.source], ['review', invoice.extraction.review_reasons.join('; ')]);
  if (invoice.duplicate_of) rows.push(['duplicate', `likely of ${invoice.duplicate_of} (${invoice.duplicate_rule})${invoice.duplicate_dismissed_at ? ', dismissed' : ''}`]);
  if (invoice.processing.error) rows.push(['error', `${invoice.processing.error.code}: ${invoice.processing.error.message}`]);
  return rows.map(([k, v]) => `${k.padEnd(11)} ${v}`).join('\n') + '\n';
}
