// A file's bytes travel to its sandbox over a pipe of their own, as they are. Over the IPC channel
// they were serialised into a copy in the calling process (25 MB for a 25 MB scan, held there until
// its next garbage collection) and, in the sandbox, gathered from chunks and decoded (50 MB more).
// Now the caller's buffer is written to the pipe without a copy, and the sandbox copies each chunk
// straight into one buffer of the file's size: its own memory block, which pdf.js can take over.
import type { Readable } from 'node:stream';

export class ByteReader {
  private readonly early: Buffer[] = [];
  private pending: { target: Buffer; filled: number; resolve: (bytes: Buffer) => void } | null = null;

  constructor(stream: Readable) {
    stream.on('data', (chunk: Buffer) => this.take(chunk));
  }

  /** The next `size` bytes of the pipe, in a buffer of their own. One read at a time. */
  read(size: number): Promise<Buffer> {
    if (this.pending) throw new Error('A read is already waiting');
    return new Promise((resolve) => {
      this.pending = { target: Buffer.allocUnsafeSlow(size), filled: 0, resolve };
      const early = this.early.splice(0);
      if (!early.length) this.finishIfFull();
      for (const chunk of early) this.take(chunk);
    });
  }

  /** Chunks arriving before their request (the IPC message) wait; others go straight to their place. */
  private take(chunk: Buffer) {
    const pending = this.pending;
    if (!pending) {
      this.early.push(chunk);
      return;
    }
    const used = Math.min(chunk.length, pending.target.length - pending.filled);
    chunk.copy(pending.target, pending.filled, 0, used);
    pending.filled += used;
    this.finishIfFull();
    if (used < chunk.length) this.take(chunk.subarray(used));
  }

  private finishIfFull() {
    const pending = this.pending;
    if (!pending || pending.filled < pending.target.length) return;
    this.pending = null;
    pending.resolve(pending.target);
  }
}
