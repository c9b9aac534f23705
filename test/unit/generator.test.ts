// The invoice generator (tools/generate): reproducible from its seed, exact arithmetic, valid
// identifiers, and PDFs whose text layer really prints the totals the truth claims.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { isValidSiren, isValidSiret, frenchVatNumber } from '../../src/domain/identifiers.ts';
import { scoreDocument, type Prediction } from '../../src/evaluation/scoring.ts';
import { openPdf } from '../../src/extraction/pdf/pdf-document.ts';
import sharp from 'sharp';
import { centsToDecimal, lineTotal, roundDiv } from '../../tools/generate/amounts.ts';
import { parseArgs } from '../../tools/generate/cli.ts';
import { generateDocument } from '../../tools/generate/document.ts';
import { formatDate, formatMoney } from '../../tools/generate/formats.ts';
import { generateOne, generateReceipt } from '../../tools/generate/generate-set.ts';
import { britishVatId, germanVatId, ibanValid, randomIban } from '../../tools/generate/identifiers.ts';
import { makeInvoice } from '../../tools/generate/invoice.ts';
import { createRng } from '../../tools/generate/random.ts';
import { makeReceipt, roundToFiveSen } from '../../tools/generate/receipt.ts';
import { expectedValues } from '../../tools/generate/truth.ts';
import { french } from '../../tools/generate/vocabulary-fr.ts';

const SEED = 4242; // a test seed, neither a tune seed nor the held-out one

test('the same seed gives the same invoices, another seed other ones', async () => {
  for (let i = 0; i < 4; i++) {
    const a = await generateDocument(SEED, i);
    const b = await generateDocument(SEED, i);
    assert.deepEqual(expectedValues(a.model), expectedValues(b.model));
    assert.equal(a.notes, b.notes);
    assert.deepEqual(a.printedPerPage, b.printedPerPage);
    assert.ok(a.pdf.equals(b.pdf), 'the PDF bytes are a function of the seed');
  }
  const other = await generateDocument(SEED + 1, 0);
  assert.notDeepEqual(expectedValues(other.model), expectedValues((await generateDocument(SEED, 0)).model));
});

test('amounts are exact in cents: lines, VAT rounded once per rate, TTC = HT + TVA, deductions', () => {
  const seen = { credit: 0, franchise: 0, deposit: 0, multiRate: 0 };
  for (let i = 0; i < 400; i++) {
    const m = makeInvoice(createRng(`${SEED}:${i}:content`), `t${i}`);
    const t = m.totals;
    for (const line of m.lines) assert.equal(line.totalCents, lineTotal(line.quantityHundredths, line.unitCents));
    for (const row of t.breakdown) {
      const basis = m.lines.filter((l) => l.rateBp === row.rateBp).reduce((s, l) => s + l.totalCents, 0);
      assert.equal(row.basisCents, basis);
      assert.equal(row.taxCents, roundDiv(basis * row.rateBp, 10000));
    }
    assert.equal(t.htCents, m.lines.reduce((s, l) => s + l.totalCents, 0));
    assert.equal(t.tvaCents, t.breakdown.reduce((s, r) => s + r.taxCents, 0));
    assert.equal(t.ttcCents, t.htCents + t.tvaCents);
    assert.equal(t.dueCents, t.ttcCents - t.depositCents - t.retentionCents);
    const e = expectedValues(m);
    assert.equal(Math.round(Number(e.montant_ht) * 100) + Math.round(Number(e.montant_tva) * 100), Math.round(Number(e.montant_ttc) * 100));
    if (m.scenario.franchise) { seen.franchise++; assert.equal(t.tvaCents, 0); assert.equal(t.ttcCents, t.htCents); assert.equal(m.seller.vatId, null); }
    if (m.scenario.credit) { seen.credit++; assert.ok(t.ttcCents < 0); assert.match(e.montant_ttc!, /^-\d+\.\d\d$/); }
    if (m.scenario.deposit) {
      seen.deposit++;
      // A part of the total, in whole euros, leaving a positive balance.
      assert.ok(t.depositCents > 0 && t.depositCents < t.ttcCents && t.dueCents > 0, `${m.id}: deposit ${t.depositCents} of ${t.ttcCents}`);
      if (t.ttcCents >= 10000) assert.equal(t.depositCents % 100, 0);
    }
    if (t.breakdown.length > 1) seen.multiRate++;
  }
  for (const [what, count] of Object.entries(seen)) assert.ok(count >= 10, `${what}: only ${count} of 400`);
  assert.equal(roundDiv(12345, 100), 123);
  assert.equal(roundDiv(12350, 100), 124);
  assert.equal(roundDiv(-12350, 100), -124); // half away from zero, as for positive amounts
});

test('identifiers carry valid check digits', () => {
  for (let i = 0; i < 200; i++) {
    const m = makeInvoice(createRng(`${SEED}:${i}:content`), `t${i}`);
    for (const party of [m.seller, m.buyer]) {
      assert.ok(ibanValid(party.iban), party.iban);
      if (party.country !== 'FR') continue;
      assert.ok(isValidSiren(party.siren!), party.siren!);
      assert.ok(isValidSiret(party.siret!), party.siret!);
      assert.equal(party.siret!.slice(0, 9), party.siren);
      if (party.vatId) assert.equal(party.vatId, frenchVatNumber(party.siren!));
    }
  }
  const rng = createRng('ids');
  assert.ok(ibanValid('FR1420041010050500013M02606'), 'a published example IBAN');
  assert.ok(!ibanValid('FR1520041010050500013M02606'));
  assert.ok(ibanValid(randomIban(rng, 'DE')) && ibanValid(randomIban(rng, 'GB')));
  const gb = britishVatId(rng);
  const weighted = [...gb.slice(2, 9)].reduce((s, d, i) => s + Number(d) * (8 - i), 0) + Number(gb.slice(9));
  assert.equal(weighted % 97, 0);
  assert.match(germanVatId(rng), /^DE\d{9}$/);
});

test('money and date styles', () => {
  const style = { name: 'x', decimal: ',' as const, group: ' ', currency: 'suffix-symbol' as const, negative: 'parens' as const, currencyInTable: false };
  assert.equal(formatMoney(123456, style, 'EUR'), '1 234,56\u00a0€');
  assert.equal(formatMoney(-1200, style, 'EUR', false), '(12,00)');
  assert.equal(formatMoney(-1200, { ...style, negative: 'minus', decimal: '.', group: '', currency: 'none' }, 'EUR'), '-12.00');
  assert.equal(formatDate({ year: 2025, month: 3, day: 5 }, 'd month yyyy', french), '5 mars 2025');
  assert.equal(formatDate({ year: 2025, month: 3, day: 1 }, 'd month yyyy', french), '1er mars 2025');
  assert.equal(formatDate({ year: 2025, month: 3, day: 5 }, 'd-Mon-yyyy', french), '5-Mar-2025');
  assert.equal(formatDate({ year: 2025, month: 3, day: 5 }, 'dd.mm.yyyy', french), '05.03.2025');
});

test('the text layer prints the totals, number and supplier the truth says it shows', async () => {
  const squash = (s: string) => s.replace(/\s+/g, '');
  for (let i = 0; i < 6; i++) {
    const doc = await generateDocument(SEED, i);
    const pdf = await openPdf(new Uint8Array(doc.pdf), { maxImagePixels: 60_000_000 });
    try {
      const last = squash((await pdf.textRuns(pdf.pageCount)).map((r) => r.text).join(' '));
      for (const row of doc.totalsRows) assert.ok(last.includes(squash(row.value)), `${doc.id}: "${row.label} ${row.value}" not in the last page's text`);
      const all: string[] = [];
      for (let p = 1; p <= pdf.pageCount; p++) all.push(...(await pdf.textRuns(p)).map((r) => r.text));
      const text = squash(all.join(' '));
      const e = expectedValues(doc.model);
      assert.ok(text.includes(squash(e.numero!)), `${doc.id}: number`);
      if (doc.printedPerPage.some((s) => s.has('fournisseur'))) assert.ok(text.includes(squash(e.fournisseur!)), `${doc.id}: supplier`);
      if (e.siret && doc.printedPerPage.some((s) => s.has('siret'))) assert.ok(text.replace(/\D/g, '').includes(e.siret), `${doc.id}: SIRET`);
    } finally {
      await pdf.close();
    }
  }
});

test('a multi-page invoice: one PDF entry, one image per page, totals only on the last page', async (t) => {
  let index = 0;
  while ((await generateDocument(SEED, index)).printedPerPage.length < 2) index++;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-test-'));
  t.after(() => fs.rmSync(out, { recursive: true, force: true }));
  const entries = await generateOne(SEED, index, out, ['pdf', 'render', 'scan']);
  const pages = entries.filter((e) => e.kind === 'gen-render').length;
  assert.ok(pages >= 2);
  assert.equal(entries.filter((e) => e.kind === 'gen-scan').length, pages);
  assert.equal(entries.filter((e) => e.primary).length, 3, 'one primary per kind');
  for (const e of entries) {
    assert.ok(fs.statSync(path.join(out, e.file)).size > 1000, e.file);
    assert.equal(new Set(entries.map((x) => x.dup_group)).size, 1);
    if (e.kind !== 'gen-pdf' && !e.primary) assert.equal(e.expected.montant_ttc, null);
    if (e.primary) assert.notEqual(e.expected.montant_ttc, null);
    // A prediction equal to the truth scores every field right under the project's own rules.
    const perfect = { status: 'validated', duration_ms: 1, ...e.expected } as Prediction;
    const score = scoreDocument(e, perfect);
    assert.ok(Object.values(score.fields).every(Boolean), e.file);
  }
  const primaryRender = entries.find((e) => e.kind === 'gen-render' && e.primary)!;
  assert.equal(primaryRender.visible_on_page1!.montant_ttc, true);
});

test('receipts: reproducible, a total paid rounded to 5 sen when a rounding is printed, and the truth the corpus keeps for receipts', async (t) => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-receipt-test-'));
  t.after(() => fs.rmSync(out, { recursive: true, force: true }));
  const seen = { rounding: 0, ambiguousDate: 0 };
  for (let i = 0; i < 40; i++) {
    const a = makeReceipt(createRng(`${SEED}:${i}:receipt`), `r${i}`);
    assert.deepEqual(a, makeReceipt(createRng(`${SEED}:${i}:receipt`), `r${i}`));
    const totals = a.rows.filter((r) => r.fields?.includes('montant_ttc'));
    assert.ok(totals.length >= 1, 'the total paid is printed');
    const paid = totals.at(-1)!.cells.at(-1)!.text.replace(/[^\d.-]/g, '');
    assert.equal(paid, centsToDecimal(a.totalCents), `r${i}: the last total printed is the one paid`);
    if (a.rows.some((r) => /round/i.test(r.cells[0]?.text ?? ''))) {
      seen.rounding++;
      assert.equal(a.totalCents % 5, 0, 'cash rounding to 5 sen');
    }
    if (a.date === null) seen.ambiguousDate++;
  }
  assert.ok(seen.rounding > 5 && seen.ambiguousDate > 3, JSON.stringify(seen));
  assert.deepEqual([101, 102, 103, 104, 106, 107, 108, 109].map(roundToFiveSen), [100, 100, 105, 105, 105, 105, 110, 110]);
  const entry = await generateReceipt(SEED, 0, out);
  const again = await generateReceipt(SEED, 0, out);
  assert.deepEqual(entry, again);
  assert.equal(entry.kind, 'gen-receipt');
  assert.equal(entry.expected.montant_ht, null, 'a receipt prints no labelled net');
  assert.notEqual(entry.expected.montant_ttc, null);
  const image = await sharp(path.join(out, entry.file)).metadata();
  assert.equal(image.format, 'jpeg');
  const perfect = { status: 'validated', duration_ms: 1, ...entry.expected } as Prediction;
  assert.ok(Object.values(scoreDocument(entry, perfect).fields).every(Boolean));
});

test('command-line arguments', () => {
  assert.deepEqual(parseArgs(['--seed', '9001', '--count', '60', '--out', 'x']), { seed: 9001, count: 60, start: 0, out: 'x', kinds: ['pdf', 'render', 'scan'], jobs: 2 });
  assert.throws(() => parseArgs(['--seed', 'abc', '--out', 'x']), /--seed/);
  assert.throws(() => parseArgs(['--seed', '1']), /--out/);
  assert.throws(() => parseArgs(['--out', 'x', '--kinds', 'pdf,tiff']), /tiff/);
  assert.deepEqual(parseArgs(['--out', 'x', '--kinds', 'receipt']).kinds, ['receipt']);
});
