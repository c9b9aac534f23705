// The sandbox's byte pipe: each file comes out whole, in order, in a memory block of its own (which
// pdf.js can take over without copying), however the pipe cuts it into chunks and whenever the
// chunks arrive against the requests.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { ByteReader } from '../../src/extraction/sandbox/byte-pipe.ts';

const file = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) % 256));
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

test('files cut into chunks of every size come out whole, in order, each in a block of its own', async () => {
  const pipe = new PassThrough();
  const reader = new ByteReader(pipe);
  const files = [file(100_000, 1), file(1, 2), file(70_000, 3)];
  const all = Buffer.concat(files);
  // Chunks that straddle the files' boundaries.
  for (let at = 0; at < all.length; at += 7_777) pipe.write(all.subarray(at, at + 7_777));
  for (const expected of files) {
    const got = await reader.read(expected.length);
    assert.ok(got.equals(expected));
    assert.equal(got.byteOffset, 0);
    assert.equal(got.buffer.byteLength, expected.length);
  }
});

test('bytes that arrive before their request wait for it; bytes after it go straight in', async () => {
  const pipe = new PassThrough();
  const reader = new ByteReader(pipe);
  const first = file(50_000, 4);
  pipe.write(first.subarray(0, 20_000));
  await nextTick();
  const reading = reader.read(first.length);
  pipe.write(first.subarray(20_000));
  assert.ok((await reading).equals(first));
  assert.equal((await reader.read(0)).length, 0);
});

test('one read at a time', async () => {
  const reader = new ByteReader(new PassThrough());
  void reader.read(10);
  assert.throws(() => reader.read(10), /already waiting/);
});
