// The PDF's own text layer: exact characters and positions, when the PDF has them.
import { readFields } from '../fields/read-fields.ts';
import type { TextRun } from '../layout/text-run.ts';
import type { Step } from '../pipeline.ts';

/** Fewer characters than this on a page means a scan with at most a stray header. */
const MIN_CHARS_PER_PAGE = 40;

export const pdfTextStep: Step = {
  source: 'pdf-text',
  applies: ({ doc }) => doc.pdf !== null,
  async run({ doc }) {
    const runs: TextRun[] = [];
    let textPages = 0;
    for (let page = 1; page <= doc.pageCount; page++) {
      const pageRuns = await doc.pdf!.textRuns(page);
      if (pageRuns.reduce((n, r) => n + r.text.trim().length, 0) >= MIN_CHARS_PER_PAGE) textPages++;
      runs.push(...pageRuns);
    }
    // Every page must carry text: a scanned page in the middle may hold the totals.
    if (textPages < doc.pageCount) return { kind: 'skipped', reason: `${doc.pageCount - textPages} page(s) without a usable text layer` };
    return { kind: 'found', invoice: readFields(runs) };
  },
};
