// The lines a sandbox's libraries print, as the service receives them: whole lines, cut when too
// long, and no more than a window's share when a file makes a library print without end.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { LINES_PER_WINDOW, MAX_LINE_CHARS, relayLibraryOutput, WINDOW_MS } from '../../src/extraction/sandbox/library-output.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('library output: lines from both streams, whole across chunks, blank ones skipped', async () => {
  const [out, err] = [new PassThrough(), new PassThrough()];
  const got: string[] = [];
  relayLibraryOutput([out, err], (line) => got.push(line));
  err.write('Error in pixScanFor');
  err.write('Foreground: invalid box\n\nWarning: TT: undefined fun');
  out.write('Detected 4 diacritics\r\n');
  err.end('ction: 32\n');
  out.end();
  await settle();
  assert.deepEqual(got, ['Error in pixScanForForeground: invalid box', 'Detected 4 diacritics', 'Warning: TT: undefined function: 32']);
});

test('library output: a line past the cap is cut and its rest skipped, even when it never ends', async () => {
  const stream = new PassThrough();
  const got: string[] = [];
  relayLibraryOutput([stream], (line) => got.push(line));
  stream.write('x'.repeat(MAX_LINE_CHARS + 10) + '\nshort\n');
  stream.write('y'.repeat(MAX_LINE_CHARS * 3));
  stream.write('y'.repeat(MAX_LINE_CHARS * 3));
  stream.end('tail of the long one\nnext\n');
  await settle();
  assert.deepEqual(got, [`${'x'.repeat(MAX_LINE_CHARS)}…`, 'short', `${'y'.repeat(MAX_LINE_CHARS)}…`, 'next']);
});

test('library output: a flood passes a window\'s share, and the next line passed says how many were dropped', async () => {
  const stream = new PassThrough();
  const got: Array<[string, number]> = [];
  let clock = 1_000_000;
  relayLibraryOutput([stream], (line, dropped) => got.push([line, dropped]), () => clock);
  stream.write(Array.from({ length: LINES_PER_WINDOW + 30 }, (_, i) => `Error in boxClipToRectangle ${i}`).join('\n') + '\n');
  await settle();
  assert.equal(got.length, LINES_PER_WINDOW);
  assert.ok(got.every(([, dropped]) => dropped === 0));
  clock += WINDOW_MS;
  stream.end('after the flood\n');
  await settle();
  assert.deepEqual(got.at(-1), ['after the flood', 30]);
});
