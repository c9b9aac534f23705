// glibc malloc settings for the `invoices` command (bin/invoices.js), measured in docs/benchmarks.md.
// glibc reads them only when a process starts, so they are handed to a child process.
//
// - Two arenas: glibc gives each thread its own, and with OCR worker threads and libvips' thread
//   pool side by side, freed memory stays scattered over many of them.
// - A fixed 128 KiB mmap threshold: page images and OCR buffers (megabytes each) are then mapped
//   and unmapped, so freeing one hands it back to the system. glibc's default threshold rises each
//   time such a block is freed, after which these blocks come from the heap and fragment it.
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/**
 * The settings a process still needs, or null once they are in place. A MALLOC_ARENA_MAX already
 * set means the process was started with them (or the user tunes malloc): it is left as it is.
 */
export function mallocEnvFor(env: NodeJS.ProcessEnv): Record<string, string> | null {
  if (env.MALLOC_ARENA_MAX !== undefined) return null;
  return Object.fromEntries(Object.entries(MALLOC_ENV).filter(([name]) => env[name] === undefined));
}
