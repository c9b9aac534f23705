// A sandbox process: runs extractions one at a time, each asked for over IPC by the extractor in the
// parent process (sandbox.ts), its file following on the byte pipe. It can be killed at any moment:
// nothing here is shared or persisted.
import net from 'node:net';
import sharp from 'sharp';
import { createOcrEngine } from '../ocr/ocr-engine.ts';
import { runPipeline } from '../pipeline.ts';
import { releaseMemory } from '../release-memory.ts';
import { ByteReader } from './byte-pipe.ts';
import { BYTE_PIPE_FD, serialiseError, type ExtractReply, type ExtractRequest } from './protocol.ts';

/**
 * Every image is decoded once, so libvips' operation cache only holds memory. Off, the command line's
 * peak fell from 594 to 550 MB on 15 scans, at the same speed (docs/benchmarks.md).
 */
sharp.cache(false);

const ocr = createOcrEngine(Number(process.env.INVOICES_SANDBOX_OCR_WORKERS) || 1);

/**
 * The OCR worker is ended when no extraction follows within this time (OCR_IDLE_MS, 1 s by default),
 * and started again by the next one that needs it: loading the models made a one-page extraction
 * 0.8 s slower (1.4 -> 2.2 s). Its WASM heap grows to the largest page it has read and never shrinks:
 * with the models, 80-150 MB that a waiting sandbox would hold until it exits (30 s idle). Jobs of a
 * backlog follow each other within milliseconds and keep it.
 */
const OCR_IDLE_MS = Number(process.env.INVOICES_SANDBOX_OCR_IDLE_MS ?? 1000);
let ocrIdle: NodeJS.Timeout | undefined;

const files = new ByteReader(new net.Socket({ fd: BYTE_PIPE_FD, readable: true, writable: false }));

process.on('message', (request: ExtractRequest) => {
  clearTimeout(ocrIdle);
  void (async () => {
    let reply: ExtractReply;
    try {
      // The bytes are this process's own copy: a PDF's are handed to pdf.js rather than copied again.
      const bytes = await files.read(request.size);
      reply = { id: request.id, ok: true, result: await runPipeline(bytes, request.limits, ocr, { handOver: true }) };
    } catch (error) {
      reply = { id: request.id, ok: false, error: serialiseError(error) };
    }
    process.send!(reply);
    releaseMemory(); // all that the extraction held: an idle sandbox holds no garbage
    ocrIdle = setTimeout(() => ocr.close().then(releaseMemory, () => {}), OCR_IDLE_MS);
  })();
});

// The parent closed the channel (it retires this process, or it is gone itself): stop at once; the
// OCR threads end with the process. A parent killed outright may leave no 'disconnect' to read while
// this thread is busy in a long synchronous step, so being orphaned is checked too.
process.on('disconnect', () => process.exit(0));
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 1000).unref();
process.send!({ ready: true });
