// A sandbox process: runs extractions one at a time, each sent over IPC by the extractor in the
// parent process (sandbox.ts). It can be killed at any moment: nothing here is shared or persisted.
import sharp from 'sharp';
import { createOcrEngine } from '../ocr/ocr-engine.ts';
import { runPipeline } from '../pipeline.ts';
import { releaseMemory } from '../release-memory.ts';
import { serialiseError, type ExtractReply, type ExtractRequest } from './protocol.ts';

/**
 * Every image is decoded once, so libvips' operation cache only holds memory. Off, the command line's
 * peak fell from 594 to 550 MB on 15 scans, at the same speed (docs/benchmarks.md).
 */
sharp.cache(false);

const ocr = createOcrEngine(Number(process.env.INVOICES_SANDBOX_OCR_WORKERS) || 1);

process.on('message', (request: ExtractRequest) => {
  void (async () => {
    releaseMemory(); // the message as it was read from the channel, before it was decoded
    let reply: ExtractReply;
    try {
      reply = { id: request.id, ok: true, result: await runPipeline(request.bytes, request.limits, ocr) };
    } catch (error) {
      reply = { id: request.id, ok: false, error: serialiseError(error) };
    }
    process.send!(reply);
    releaseMemory(); // all that the extraction held: an idle sandbox holds no garbage
  })();
});

// The parent closed the channel (it retires this process, or it is gone itself): stop at once; the
// OCR threads end with the process. A parent killed outright may leave no 'disconnect' to read while
// this thread is busy in a long synchronous step, so being orphaned is checked too.
process.on('disconnect', () => process.exit(0));
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 1000).unref();
process.send!({ ready: true });
