import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MALLOC_ENV, mallocEnvFor } from '../../src/config/malloc.ts';

test('malloc settings: all of them for a fresh start; a user\'s own threshold is kept; none once the arena count is set', () => {
  assert.deepEqual(mallocEnvFor({}), MALLOC_ENV);
  assert.deepEqual(mallocEnvFor({ MALLOC_MMAP_THRESHOLD_: '65536' }), { MALLOC_ARENA_MAX: '2' });
  assert.equal(mallocEnvFor({ MALLOC_ARENA_MAX: '4' }), null);
});
