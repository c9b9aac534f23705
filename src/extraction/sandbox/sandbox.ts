// One sandbox: a child process that runs extractions one at a time, watched from here. A timeout or a
// memory budget overrun kills it (SIGKILL): its OCR worker threads, pdf.js, libvips and canvas memory
// all end with it, and the operating system takes every byte back. A V8 heap limit only bounds the
// JS heap; decoded images, WASM heaps and native buffers live outside it, so the budget is watched
// on the process's resident size.
import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { mallocEnvFor } from '../../config/malloc.ts';
import { ExtractionError, type ExtractionLimits, type ExtractionResult } from '../types.ts';
import { relayLibraryOutput, type LibraryLineHandler } from './library-output.ts';
import { residentBytes } from './process-memory.ts';
import { BYTE_PIPE_FD, deserialiseError, type ExtractReply, type ExtractRequest } from './protocol.ts';

const CHILD = new URL('./child.ts', import.meta.url);
/** How often the budget is checked while an extraction runs. */
const WATCH_MS = 25;
/** The JS heap of a sandbox; extraction keeps it small (pages and images are native buffers). */
const HEAP_MB = 256;
/** The memory budget of one extraction when its limits name none. */
export const DEFAULT_MAX_MEMORY_MB = 640;

export interface SandboxOptions {
  ocrWorkers: number;
  ocrIdleMs?: number;
  /** Where the lines the process's libraries print go; without it they go to this process's stderr as they are. */
  onLibraryLine?: LibraryLineHandler;
}

export class Sandbox {
  private readonly child: ChildProcess;
  /** Where each request's file is written (byte-pipe.ts). */
  private readonly files: Socket;
  private readonly ready: Promise<void>;
  private readonly exited: Promise<void>;
  private alive = true;
  private requests = 0;
  /** Why this process is being killed, to report instead of "ended unexpectedly". */
  private killReason: Error | null = null;

  constructor(options: SandboxOptions) {
    this.child = fork(CHILD, [], {
      // --expose-gc: see release-memory.ts.
      execArgv: [`--max-old-space-size=${HEAP_MB}`, '--expose-gc'],
      // glibc reads its malloc settings only at start: the sandbox gets the command's (src/config/malloc.ts).
      env: {
        ...process.env, ...mallocEnvFor(process.env), INVOICES_SANDBOX_OCR_WORKERS: String(options.ocrWorkers),
        ...(options.ocrIdleMs === undefined ? {} : { INVOICES_SANDBOX_OCR_IDLE_MS: String(options.ocrIdleMs) }),
      },
      // Whatever a library prints goes to stderr (stdout may be `invoices extract --json`'s output),
      // or to the handler, which the service logs it through.
      stdio: ['ignore', options.onLibraryLine ? 'pipe' : 2, options.onLibraryLine ? 'pipe' : 2, 'ipc', 'pipe'],
      serialization: 'advanced',
    });
    this.files = this.child.stdio[BYTE_PIPE_FD] as Socket;
    if (options.onLibraryLine) relayLibraryOutput([this.child.stdout, this.child.stderr], options.onLibraryLine);
    // A write cut short by the process's end (EPIPE): the exit is what reports it.
    this.files.on('error', () => {});
    this.exited = new Promise((resolve) => this.child.once('exit', () => { this.alive = false; resolve(); }));
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if ((message as { ready?: boolean })?.ready) { this.child.off('message', onMessage); resolve(); }
      };
      this.child.on('message', onMessage);
      this.child.once('exit', (code, signal) => reject(this.killReason ?? new Error(`The extraction process could not start (${signal ?? `exit code ${code}`})`)));
    });
    this.ready.catch(() => {});
  }

  get isAlive(): boolean { return this.alive; }
  get pid(): number | undefined { return this.child.pid; }
  residentBytes(): number | null { return this.child.pid && this.alive ? residentBytes(this.child.pid) : null; }

  async extract(bytes: Uint8Array, limits: ExtractionLimits): Promise<ExtractionResult> {
    // Not final: the process ended while idle (it crashed, or was orphaned), the file is not to blame.
    if (!this.alive) throw new Error('The extraction process has ended');
    this.hold(true);
    try {
      await this.ready;
      return await this.send(bytes, limits);
    } finally {
      this.hold(false);
    }
  }

  private send(bytes: Uint8Array, limits: ExtractionLimits): Promise<ExtractionResult> {
    const id = ++this.requests;
    const budget = (limits.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB) * 1024 * 1024;
    return new Promise((resolve, reject) => {
      const stop = (reason: Error) => void this.kill(reason);
      const timer = setTimeout(() => stop(new ExtractionError('timeout', `Extraction took longer than ${limits.timeoutMs} ms; it was stopped`)), limits.timeoutMs);
      const watch = setInterval(() => {
        const rss = this.residentBytes();
        if (rss !== null && rss > budget) {
          stop(new ExtractionError('resource_limit', `Extraction used more than ${Math.round(budget / 1024 / 1024)} MB of memory; it was stopped`));
        }
      }, WATCH_MS);
      const done = () => {
        clearTimeout(timer);
        clearInterval(watch);
        this.child.off('message', onReply);
        this.child.off('exit', onExit);
      };
      const onReply = (reply: ExtractReply) => {
        if (reply.id !== id) return;
        done();
        if (reply.ok) resolve(reply.result);
        else reject(deserialiseError(reply.error));
      };
      // The process is gone: killed here (timeout, budget), out of heap, or crashed on the file.
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done();
        reject(this.killReason ?? new ExtractionError('resource_limit', `The extraction process ended unexpectedly (${signal ?? `exit code ${code}`}), most likely out of memory`));
      };
      this.child.on('message', onReply);
      this.child.once('exit', onExit);
      const request: ExtractRequest = { id, size: bytes.byteLength, limits };
      const failed = (error: Error | null | undefined) => {
        if (!error) return;
        done();
        void this.kill(error);
        reject(this.killReason ?? error); // a pipe broken by a kill here reports the kill's reason
      };
      this.child.send(request, failed);
      this.files.write(bytes, failed);
    });
  }

  /** Ends the process now; resolves once it has exited, so its memory is back. */
  async kill(reason: Error = new Error('The extractor was closed')): Promise<void> {
    this.killReason ??= reason;
    if (!this.alive) return;
    this.hold(true); // until its exit is seen
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** A busy process keeps the parent's event loop alive; an idle one does not hold it open. */
  private hold(busy: boolean) {
    const channel = this.child.channel as { ref(): void; unref(): void } | undefined;
    const output = [this.child.stdout, this.child.stderr] as Array<Socket | null>;
    if (busy) { this.child.ref(); channel?.ref(); this.files.ref(); output.forEach((s) => s?.ref()); } else { this.child.unref(); channel?.unref(); this.files.unref(); output.forEach((s) => s?.unref()); }
  }
}
