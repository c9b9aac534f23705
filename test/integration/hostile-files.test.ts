// Hostile files against the real extraction engine (sandbox processes, pdf.js, libvips, tesseract),
// generated here: each fails within seconds with a final error, the process tree (this process and
// its sandboxes) stays under 600 MB meanwhile, and its memory comes back. A timeout stops the work
// for real, and an extraction over its memory budget is killed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { createExtractor, ExtractionError, type ExtractionErrorCode, type ExtractorHandle } from '../../src/extraction/index.ts';
import { flateBombPdf, flateImagePdf, hugeJpeg, hugePng, manyPagesPdf } from '../helpers/hostile-files.ts';
import { isRunning, peakRssDuring, treeCpuSeconds, treeRss } from '../helpers/process-tree.ts';
import { corpusPath } from '../helpers/service.ts';

const MB = 1024 * 1024;
const TREE_BUDGET = 600 * MB;
/** What a failed extraction may leave above the tree's idle level. */
const BACK_TO_IDLE_SLACK = 100 * MB;
const limits = loadConfig({}).extraction;
const facturx = new Uint8Array(fs.readFileSync(corpusPath('docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf')));
const scan = new Uint8Array(fs.readFileSync(corpusPath('docs/sroie/sroie_032.jpg')));

function isFinal(code: ExtractionErrorCode) {
  return (error: unknown) => error instanceof ExtractionError && error.code === code;
}

const linux = process.platform === 'linux';

describe('hostile files', { skip: !linux && 'reads /proc' }, () => {
  let extractor: ExtractorHandle;
  let idle = 0;

  before(async () => {
    extractor = createExtractor({ ocrWorkers: 1 });
    // A sandbox up and warm, as in a running service; the tree's size then is its idle level.
    assert.equal((await extractor.extract(facturx, limits)).source, 'facturx');
    idle = treeRss();
  });
  after(() => extractor.close());

  const bombs: Array<[string, () => Promise<Uint8Array> | Uint8Array, ExtractionErrorCode]> = [
    ['a PDF whose Flate stream inflates to 1 GB', () => flateBombPdf(1024 ** 3), 'document_too_large'],
    ['a PDF of 10,000 pages', () => manyPagesPdf(10_000), 'too_many_pages'],
    ['a PNG declaring 50,000 x 50,000 pixels', () => hugePng(50_000, 50_000), 'image_too_large'],
    ['a JPEG whose SOF says 65,535 x 65,535', () => hugeJpeg(65_535, 65_535), 'image_too_large'],
  ];
  for (const [name, make, code] of bombs) {
    it(`${name}: fails with ${code} within seconds, under 600 MB, and memory comes back`, async () => {
      const bytes = await make();
      const { outcome, peakBytes, ms } = await peakRssDuring(() => extractor.extract(bytes, limits));
      assert.equal(outcome.status, 'rejected');
      assert.ok(isFinal(code)((outcome as PromiseRejectedResult).reason), String((outcome as PromiseRejectedResult).reason));
      assert.ok(ms < 10_000, `took ${Math.round(ms)} ms`);
      assert.ok(peakBytes < TREE_BUDGET, `peak ${Math.round(peakBytes / MB)} MB`);
      await sleep(200);
      assert.ok(treeRss() < idle + BACK_TO_IDLE_SLACK, `${Math.round(treeRss() / MB)} MB after, ${Math.round(idle / MB)} MB idle`);
    });
  }

  it('an extraction over its memory budget is killed with resource_limit; memory comes back and the next one works', async () => {
    // 7000 x 7000 RGB of zeros: 147 MB of pixels, inside the decoded-size caps, beyond a 300 MB budget once decoded.
    const pdf = flateImagePdf(7000, 7000);
    const { outcome, peakBytes, ms } = await peakRssDuring(() => extractor.extract(pdf, { ...limits, maxMemoryMb: 300 }));
    assert.equal(outcome.status, 'rejected');
    assert.ok(isFinal('resource_limit')((outcome as PromiseRejectedResult).reason), String((outcome as PromiseRejectedResult).reason));
    assert.ok(ms < 60_000, `took ${Math.round(ms)} ms`);
    assert.ok(peakBytes < TREE_BUDGET, `peak ${Math.round(peakBytes / MB)} MB`);
    assert.ok(treeRss() < idle + BACK_TO_IDLE_SLACK, `${Math.round(treeRss() / MB)} MB after, ${Math.round(idle / MB)} MB idle`);
    assert.equal((await extractor.extract(facturx, limits)).source, 'facturx');
  });

  it('a timeout stops the work: the sandbox is gone, no CPU is used afterwards, and the next extraction works', async () => {
    const sandboxes = extractor.processIds?.() ?? [];
    const started = performance.now();
    await assert.rejects(extractor.extract(scan, { ...limits, timeoutMs: 1000 }), isFinal('timeout'));
    assert.ok(performance.now() - started < 3000, 'the timeout answers on time');
    for (const pid of sandboxes) assert.ok(!isRunning(pid), `sandbox ${pid} still running`);
    // Abandoned OCR would keep a core busy here for seconds.
    const cpuBefore = treeCpuSeconds();
    await sleep(1500);
    const cpu = treeCpuSeconds() - cpuBefore;
    assert.ok(cpu < 0.3, `${cpu.toFixed(2)} s of CPU used in the 1.5 s after the timeout`);
    assert.equal((await extractor.extract(facturx, limits)).source, 'facturx');
  });

  it('a sandbox killed from outside while idle (the OOM killer, an operator) is replaced: the next extraction works', async () => {
    const [pid] = extractor.processIds();
    assert.ok(pid && isRunning(pid));
    process.kill(pid, 'SIGKILL');
    // The pool learns of the death from the child's exit event, which a loaded machine may deliver late:
    // wait until the child is reaped (its exit then follows at once), not a fixed 300 ms.
    for (const deadline = Date.now() + 10_000; isRunning(pid) && Date.now() < deadline;) await sleep(50);
    await sleep(50);
    assert.equal((await extractor.extract(facturx, limits)).source, 'facturx');
    assert.notEqual(extractor.processIds()[0], pid);
  });
});
