// The CSV of an export batch: one row per invoice with every exported field, RFC 4180.
import type { ExportedInvoice } from './exports.ts';
import { TEXT_FIELDS, type FieldName } from './invoice-fields.ts';

/**
 * The file's columns, in the order integrators read them: a file format, so it is written out
 * rather than derived (a new field must not shift the columns of existing files by itself). Every
 * field of the registry must have its place: the check below fails to compile when one has none.
 */
export const CSV_COLUMNS = [
  'id', 'dossier_id', 'export_id', 'numero', 'date_facture', 'fournisseur', 'siret', 'vat_id', 'montant_ht', 'montant_tva', 'montant_ttc',
  'devise', 'status', 'source', 'file_name', 'file_sha256', 'imported_at',
] as const;
const everyFieldExported: [Exclude<FieldName, (typeof CSV_COLUMNS)[number]>] extends [never] ? true : never = true;
void everyFieldExported;

// Free text read from an invoice may start like a spreadsheet formula ("=HYPERLINK(…)"); such a
// cell is opened as text by prefixing a quote (OWASP's advice against CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const FREE_TEXT = new Set<string>([...TEXT_FIELDS, 'file_name']);

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function renderCsv(rows: ExportedInvoice[], exportId: string): string {
  const lines = rows.map((row) => {
    const values: Record<(typeof CSV_COLUMNS)[number], string | null> = { ...row, export_id: exportId, status: 'exported' };
    return CSV_COLUMNS.map((column) => {
      const value = values[column] ?? '';
      return csvField(FREE_TEXT.has(column) && FORMULA_START.test(value) ? `'${value}` : value);
    });
  });
  return [[...CSV_COLUMNS], ...lines].map((line) => `${line.join(',')}\r\n`).join('');
}
