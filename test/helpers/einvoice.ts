// Standalone e-invoice payloads shared by the unit and HTTP tests: a hand-written UBL 2.1 invoice,
// the CII XML of a corpus Factur-X PDF (securibox F20220023, EN 16931), and two hostile DTDs.
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/einvoice');
export const UBL = fs.readFileSync(path.join(FIXTURES, 'ubl-invoice.xml'));
export const CII = fs.readFileSync(path.join(FIXTURES, 'cii-F20220023-en16931.xml'));
export const XXE = `<?xml version="1.0"?>
<!DOCTYPE Invoice [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>&xxe;</cbc:ID></Invoice>`;
export const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('\n ')}
]>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument>&lol9;</rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;


/** A PDF whose embedded factur-x.xml is the given XML, as a Factur-X producer would attach it. */
export async function pdfWithEmbeddedXml(xml: string): Promise<Uint8Array> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Facture FA-1');
  doc.file(Buffer.from(xml), { name: 'factur-x.xml', type: 'text/xml' });
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

