// node .scratch/lines-of.ts FILE.pdf : the lines the extractor builds from a PDF's text layer
import fs from 'node:fs';
import { openPdf } from '../src/extraction/pdf/pdf-document.ts';
import { buildLines } from '../src/extraction/layout/lines.ts';
const pdf = await openPdf(new Uint8Array(fs.readFileSync(process.argv[2]!)), { maxImagePixels: 60_000_000 });
const runs = [];
for (let p = 1; p <= pdf.pageCount; p++) runs.push(...(await pdf.textRuns(p)));
await pdf.close();
for (const l of buildLines(runs)) console.log(`p${l.page} y${Math.round(l.y)} x${Math.round(l.runs[0]?.x ?? 0)} | ${l.text.replaceAll('\u2003', '‖')}`);
