// Big buffers (a file's bytes, a page's pixels, an image for tesseract) live outside the JS heap, and
// V8 frees them only when it collects the small objects that hold them, which the few allocations of
// an extraction seldom trigger: after a 25 MB scan, 85-100 MB of them were still held, all garbage
// (docs/benchmarks.md). The sandbox runs with --expose-gc, and a collection is forced where such
// buffers have just been dropped; a collection of its small heap takes milliseconds. Elsewhere
// (tests and benchmarks running the pipeline in their own process) this does nothing.
const collect = (globalThis as { gc?: () => void }).gc;

export function releaseMemory(): void {
  collect?.();
}
