// A few sandbox processes, each running one extraction at a time. A process is reused while it stays
// healthy (its OCR models stay loaded); one that was killed, or that grew past the recycle mark, is
// replaced on the next extraction; one left idle exits, so an idle service holds no OCR memory.
import type { ExtractionLimits, ExtractionResult } from '../types.ts';
import type { LibraryLineHandler } from './library-output.ts';
import { DEFAULT_MAX_MEMORY_MB, Sandbox } from './sandbox.ts';

export interface PoolOptions {
  /** Extractions at once; each has its own process. */
  size: number;
  /** A process idle this long exits. */
  idleMs?: number;
  /** A process resident above this share of the memory budget after an extraction is replaced. */
  recycleShare?: number;
  /** How long a process keeps its OCR worker when no extraction follows. */
  ocrIdleMs?: number;
  /** Where the lines the processes' libraries print go (sandbox.ts). */
  onLibraryLine?: LibraryLineHandler;
}

const DEFAULT_IDLE_MS = 30_000;
const DEFAULT_RECYCLE_SHARE = 0.75;

export interface SandboxPool {
  run(bytes: Uint8Array, limits: ExtractionLimits): Promise<ExtractionResult>;
  /** Live processes (for tests and benchmarks). */
  pids(): number[];
  close(): Promise<void>;
}

export function createSandboxPool(options: PoolOptions): SandboxPool {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const recycleShare = options.recycleShare ?? DEFAULT_RECYCLE_SHARE;
  const live = new Set<Sandbox>();
  const idle: Array<{ sandbox: Sandbox; timer: NodeJS.Timeout }> = [];
  const waiting: Array<() => void> = [];
  let closed = false;

  const retire = (sandbox: Sandbox) => {
    live.delete(sandbox);
    void sandbox.kill();
    waiting.shift()?.();
  };

  async function acquire(): Promise<Sandbox> {
    for (;;) {
      if (closed) throw new Error('The extractor was closed');
      const spare = idle.pop();
      if (spare) {
        clearTimeout(spare.timer);
        if (spare.sandbox.isAlive) return spare.sandbox;
        live.delete(spare.sandbox);
        continue;
      }
      if (live.size < options.size) {
        const sandbox = new Sandbox({ ocrWorkers: 1, ocrIdleMs: options.ocrIdleMs, onLibraryLine: options.onLibraryLine });
        live.add(sandbox);
        return sandbox;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  function release(sandbox: Sandbox, limits: ExtractionLimits) {
    const recycleAt = (limits.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB) * 1024 * 1024 * recycleShare;
    if (closed || !sandbox.isAlive || (sandbox.residentBytes() ?? 0) > recycleAt) {
      retire(sandbox);
      return;
    }
    const entry = { sandbox, timer: setTimeout(() => {
      idle.splice(idle.indexOf(entry), 1);
      retire(sandbox);
    }, idleMs).unref() };
    idle.push(entry);
    waiting.shift()?.();
  }

  return {
    async run(bytes, limits) {
      const sandbox = await acquire();
      try {
        return await sandbox.extract(bytes, limits);
      } finally {
        release(sandbox, limits);
      }
    },
    pids: () => [...live].map((s) => s.pid).filter((pid): pid is number => pid !== undefined),
    async close() {
      closed = true;
      for (const { timer } of idle.splice(0)) clearTimeout(timer);
      for (const resolve of waiting.splice(0)) resolve();
      await Promise.all([...live].map((s) => s.kill()));
      live.clear();
    },
  };
}
