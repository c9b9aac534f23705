// Standalone e-invoices: recognised from their root element and namespace, read exactly by the
// Factur-X mapping, and any DTD or entity declaration refused before parsing (XXE, billion laughs),
// in a standalone file as in the XML embedded in a PDF.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectFileType, sniffFileType } from '../../src/domain/invoice.ts';
import { invoiceFromXml } from '../../src/extraction/facturx/xml-invoice.ts';
import type { OcrEngine } from '../../src/extraction/ocr/ocr-engine.ts';
import { runPipeline } from '../../src/extraction/pipeline.ts';
import { ExtractionError, type ExtractionLimits } from '../../src/extraction/types.ts';
import { BILLION_LAUGHS, CII, pdfWithEmbeddedXml, UBL, XXE } from '../helpers/einvoice.ts';

const LIMITS: ExtractionLimits = { maxPages: 20, maxPixels: 40_000_000, timeoutMs: 30_000 };
// The XML path must never reach OCR: this engine fails the test if it is used.
const NO_OCR = new Proxy({}, { get: () => { throw new Error('OCR must not run on an XML invoice'); } }) as OcrEngine;

const bytes = (text: string) => new TextEncoder().encode(text);
const UBL_NS = 'urn:oasis:names:specification:ubl:schema:xsd';

test('e-invoice XML is recognised by its root element and namespace, and nothing else is', () => {
  assert.equal(sniffFileType(UBL), 'application/xml');
  assert.equal(sniffFileType(CII), 'application/xml', 'a BOM, single-quoted declaration and prefixed root');
  assert.equal(sniffFileType(bytes(`\n  <!-- a note --><?pi x?><CreditNote xmlns="${UBL_NS}:CreditNote-2"/>`)), 'application/xml');
  assert.equal(sniffFileType(bytes('<?xml version="1.0"?><note><to>Tove</to></note>')), null, 'a random XML file');
  assert.equal(sniffFileType(bytes(`<Invoice xmlns="urn:example:not-ubl"/>`)), null, 'the right name in another namespace');
  assert.equal(sniffFileType(bytes(`<x:Invoice xmlns="${UBL_NS}:Invoice-2" xmlns:x="urn:other"/>`)), null, 'the prefix decides the namespace');
  assert.equal(sniffFileType(bytes('<html><body>Invoice</body></html>')), null);
  assert.equal(sniffFileType(bytes('Invoice FA-1')), null);
  assert.equal(sniffFileType(bytes(`<!--${'x'.repeat(20_000)}--><Invoice xmlns="${UBL_NS}:Invoice-2"/>`)), null, 'the root must start within 16 KiB');
});

test('the upload decides as the bytes arrive: more bytes for an unfinished prologue, a refusal for a DOCTYPE', () => {
  assert.deepEqual(detectFileType(bytes('<?xml version="1.0"?>\n<Inv'), false), { kind: 'need_more' });
  assert.deepEqual(detectFileType(bytes('<?xml version="1.0"?>\n<Inv'), true), { kind: 'refused', reason: 'unsupported' });
  assert.deepEqual(detectFileType(bytes(XXE), false), { kind: 'refused', reason: 'xml_dtd' });
  assert.deepEqual(detectFileType(bytes(BILLION_LAUGHS), false), { kind: 'refused', reason: 'xml_dtd' });
  assert.deepEqual(detectFileType(bytes('%PDF-1.7\n'), false), { kind: 'accepted', type: 'application/pdf' });
  assert.deepEqual(detectFileType(bytes('GIF89a..'), false), { kind: 'refused', reason: 'unsupported' });
});

test('a UBL invoice and a CII invoice are read exactly, validated, by the xml step and without OCR', async () => {
  const ubl = await runPipeline(UBL, LIMITS, NO_OCR);
  assert.equal(ubl.source, 'xml');
  assert.equal(ubl.fileType, 'application/xml');
  assert.deepEqual(ubl.reviewReasons, []);
  assert.equal(ubl.status, 'validated');
  assert.deepEqual(ubl.fields, {
    montant_ht: 125000, montant_tva: 25000, montant_ttc: 150000, fournisseur: 'Boulangerie Martin SARL',
    siret: '73282932000074', date_facture: '2026-03-15', numero: 'FA-2026-0042', devise: 'EUR',
  });
  assert.equal(ubl.confidence.montant_ttc, 1);
  const cii = await runPipeline(CII, LIMITS, NO_OCR);
  assert.equal(cii.status, 'validated');
  assert.deepEqual(cii.fields, {
    montant_ht: 10000, montant_tva: 490, montant_ttc: 10490, fournisseur: 'LE FOURNISSEUR',
    siret: '12345678200077', date_facture: '2022-01-31', numero: 'F20220023', devise: 'EUR',
  });
});

test('XXE and billion laughs are refused before parsing: nothing is read or expanded, memory stays flat', () => {
  for (const [name, xml] of [['XXE', XXE], ['billion laughs', BILLION_LAUGHS]] as const) {
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    assert.throws(() => invoiceFromXml(xml), (error: unknown) => {
      assert.ok(error instanceof ExtractionError, name);
      assert.equal(error.code, 'unsafe_xml');
      assert.match(error.message, /DOCTYPE.*refused/);
      assert.doesNotMatch(error.message, /root:/, 'nothing of /etc/passwd');
      return true;
    });
    assert.ok(performance.now() - started < 50, `${name} refused at once`);
    assert.ok(process.memoryUsage().heapUsed - heapBefore < 5 * 1024 * 1024, `${name}: no expansion in memory`);
  }
  // An ENTITY without a DOCTYPE around it, and a DOCTYPE after a comment, are refused too.
  assert.throws(() => invoiceFromXml('<!-- x --><!DOCTYPE a><Invoice/>'), ExtractionError);
  assert.throws(() => invoiceFromXml('<Invoice><!ENTITY a "b"></Invoice>'), ExtractionError);
});

test('the XML embedded in a Factur-X PDF gets the same refusal: a final failure that says why', async () => {
  await assert.rejects(runPipeline(await pdfWithEmbeddedXml(XXE), LIMITS, NO_OCR), (error: unknown) => {
    assert.ok(error instanceof ExtractionError);
    assert.equal(error.code, 'unsafe_xml');
    return true;
  });
  await assert.rejects(runPipeline(await pdfWithEmbeddedXml(BILLION_LAUGHS), LIMITS, NO_OCR), { code: 'unsafe_xml' });
  // The same PDF with a harmless embedded invoice is read from its XML.
  const fine = await runPipeline(await pdfWithEmbeddedXml(UBL.toString('utf8')), LIMITS, NO_OCR);
  assert.equal(fine.source, 'facturx');
  assert.equal(fine.fields.numero, 'FA-2026-0042');
});
