// A bare "Date" after a date kind OCR misread: "Duo Date" (due), "Dc1ivery Date" (a digit for its
// letter) label the due day and the delivery, not the invoice; "Inv0ice Date" stays the invoice's.
// Invented values, laid out as factur-x-kit's English header prints them (tools/third-party).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

/** An OCR'd run (confidence under 1). */
const run = (text: string, x: number, y: number): TextRun => ({ text, x, y, w: text.length * 5, h: 10, page: 1, conf: 0.9 });

/** A header whose invoice date OCR left unreadable ("Ju|y"), and one other date under a key. */
function header(key: string): TextRun[] {
  return [
    run('Invoice Number:', 300, 100), run('INV-4821', 420, 100),
    run('Invoice Date:', 300, 115), run('Ju|y 18, 2031', 420, 115),
    run(key, 300, 130), run('August 26, 2031', 420, 130),
  ];
}

test('a bare "Date" after a date kind OCR misread names no invoice date', () => {
  for (const key of ['Duo Date:', 'Dne Date:', 'Dc1ivery Date.', 'De|ivery Date:']) {
    assert.equal(readFields(header(key)).extra.dateEvidence?.label, 'none', key);
  }
  // "Invoice" misread leaves the bare "Date" the page's.
  assert.equal(readFields(header('Inv0ice Date:')).extra.dateEvidence?.label, 'generic');
});
