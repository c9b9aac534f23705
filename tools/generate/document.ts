// One invoice from (seed, index): the model, its PDF, and a description of the choices made.
import { makeInvoice, type InvoiceModel } from './invoice.ts';
import { LAYOUTS } from './layouts.ts';
import { pickFont, PdfWriter } from './pdf-writer.ts';
import { createRng } from './random.ts';
import { buildView, type Field, type Labelled } from './view.ts';

export interface GeneratedDocument {
  id: string;
  model: InvoiceModel;
  pdf: Buffer;
  printedPerPage: Array<Set<Field>>;
  /** The totals block as printed (labels and formatted values), for checks against the text layer. */
  totalsRows: Labelled[];
  notes: string;
}

export function documentId(seed: number, index: number): string {
  return `gen-s${seed}-${String(index).padStart(4, '0')}`;
}

export async function generateDocument(seed: number, index: number): Promise<GeneratedDocument> {
  const rng = createRng(`${seed}:${index}:content`);
  const id = documentId(seed, index);
  const model = makeInvoice(rng, id);
  const view = buildView(rng, model);
  const layoutName = rng.pick(Object.keys(LAYOUTS));
  const font = pickFont(rng);
  const writer = new PdfWriter(font, `${view.title} ${model.numero}`);
  LAYOUTS[layoutName]!(writer, view, rng);
  const pdf = await writer.finish();
  const s = model.scenario;
  const features = [
    s.credit && 'credit note (negative amounts)', s.franchise && 'VAT franchise (0 %)', s.deposit && 'deposit deducted (due != TTC)',
    s.retention && 'retention deducted', s.multiRate && `rates ${model.totals.breakdown.map((r) => r.rateBp / 100).join('/')}`,
    writer.pageCount > 1 && 'multi-page with carried-forward subtotals', s.discountDecoy && 'discount decoy', s.buyerIdentifiers && 'buyer identifiers printed',
  ].filter(Boolean);
  const notes = `layout=${layoutName} (${font.name}); language=${model.language}; money "${model.money.name}" negatives ${model.money.negative}; dates ${model.dateStyle}; seller ${model.sellerIdShown}; ${features.join('; ') || 'plain'}`;
  return { id, model, pdf, printedPerPage: writer.printed, totalsRows: view.totalsRows, notes };
}
