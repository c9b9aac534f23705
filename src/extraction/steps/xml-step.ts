// A standalone e-invoice (UBL 2.1 Invoice/CreditNote, UN/CEFACT CII): the file is the invoice's
// data, read by exactly the mapping used for the XML embedded in Factur-X PDFs.
import { invoiceFromXml } from '../facturx/xml-invoice.ts';
import type { Step } from '../pipeline.ts';
import { ExtractionError, type ExtractedInvoice } from '../types.ts';

/** Every field the XML states is exact: confidence 1, as for embedded Factur-X. */
export function exactConfidence(invoice: ExtractedInvoice): ExtractedInvoice {
  const confidence = Object.fromEntries(Object.entries(invoice.fields).filter(([, v]) => v !== null).map(([k]) => [k, 1]));
  return { ...invoice, confidence };
}

export const xmlStep: Step = {
  source: 'xml',
  applies: ({ doc }) => doc.fileType === 'application/xml',
  async run({ doc }) {
    let xml: string;
    try {
      xml = new TextDecoder('utf-8', { fatal: true }).decode(doc.bytes);
    } catch {
      throw new ExtractionError('unreadable_document', 'The XML is not valid UTF-8');
    }
    const invoice = invoiceFromXml(xml);
    // The upload already checked the root; a file that still maps to nothing cannot be read by any other step.
    if (!invoice) throw new ExtractionError('unreadable_document', 'The XML is not a UBL 2.1 or UN/CEFACT CII invoice');
    return { kind: 'found', invoice: exactConfidence(invoice) };
  },
};
