/**
 * Lets go of (detaches) bytes that are ours to free, as pdf.js does with the bytes it takes over: their
 * memory is freed although views of them are still held elsewhere. Only a whole memory block of its
 * own is let go; a view of part of one (a pooled Buffer) is left as it is.
 */
export function letGo(bytes: Uint8Array): void {
  const { buffer, byteOffset, byteLength } = bytes;
  if (buffer instanceof ArrayBuffer && !buffer.detached && byteOffset === 0 && byteLength === buffer.byteLength) buffer.transfer();
}
