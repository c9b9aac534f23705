// The tune/check split must be deterministic, keep each invoice's renderings together and halve every source.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { halfOf, splitCorpus } from '../../src/evaluation/split.ts';

const entries = Array.from({ length: 60 }, (_, i) => ({
  file: `docs/${i}.pdf`, dup_group: `g${Math.floor(i / 3)}`, source: i < 30 ? 'alpha' : i < 51 ? 'beta' : 'gamma',
}));

describe('evaluation split', () => {
  it('gives the same halves every time, whatever the order of the entries', () => {
    const a = splitCorpus(entries);
    const b = splitCorpus([...entries].reverse());
    assert.deepEqual([...a].sort(), [...b].sort());
  });

  it('keeps every document of a dup_group on one side', () => {
    const halves = splitCorpus(entries);
    for (const e of entries) assert.equal(halfOf(e, halves), halves.get(e.dup_group));
  });

  it('halves every source to within one group, and the whole to within one group', () => {
    const halves = splitCorpus(entries);
    const count = (source?: string) => {
      const groups = [...new Set(entries.filter((e) => !source || e.source === source).map((e) => e.dup_group))];
      const tune = groups.filter((g) => halves.get(g) === 'tune').length;
      return Math.abs(tune - (groups.length - tune));
    };
    for (const source of ['alpha', 'beta', 'gamma']) assert.ok(count(source) <= 1, source);
    assert.ok(count() <= 1);
  });

  it('another seed deals other halves', () => {
    const a = splitCorpus(entries, 'seed-a');
    const b = splitCorpus(entries, 'seed-b');
    assert.ok([...a].some(([g, h]) => b.get(g) !== h));
  });
});
