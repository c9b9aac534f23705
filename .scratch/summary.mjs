// node summary.mjs details.jsonl truth.json [--misses]  : per template×kind validated/wrong/field right
import fs from 'node:fs';
const [,, details, truthPath, flag] = process.argv;
const truth = truthPath ? Object.fromEntries(JSON.parse(fs.readFileSync(truthPath, 'utf8')).map((e) => [e.file, e])) : {};
const F = ['montant_ht', 'montant_tva', 'montant_ttc', 'date_facture', 'numero', 'fournisseur', 'siret'];
const num = (v) => (v === null || v === undefined ? null : Number(v).toFixed(2));
const eq = (f, a, b) => (f.startsWith('montant') ? num(a) === num(b) : String(a ?? '') === String(b ?? ''));
const groups = {};
for (const line of fs.readFileSync(details, 'utf8').split('\n').filter(Boolean)) {
  const d = JSON.parse(line);
  const t = truth[d.prediction.file];
  const tpl = t?.expected_extra?.template?.split('@')[0] ?? t?.source ?? '?';
  const key = `${tpl.padEnd(28)} ${d.kind}`;
  const g = (groups[key] ??= { n: 0, val: 0, wrong: 0, f: Object.fromEntries(F.map((f) => [f, [0, 0]])) });
  g.n++;
  const p = d.prediction;
  const wrongFields = F.filter((f) => d.truth[f] !== null && d.truth[f] !== undefined && !eq(f, p[f], d.truth[f]));
  if (p.status === 'validated') { g.val++; if (wrongFields.some((f) => f.startsWith('montant') || f === 'date_facture')) g.wrong++; }
  for (const f of F) if (d.truth[f] !== null && d.truth[f] !== undefined) { g.f[f][1]++; if (eq(f, p[f], d.truth[f])) g.f[f][0]++; }
  if (flag === '--misses' && (p.status !== 'validated' || wrongFields.length)) console.log(`${p.file} ${d.kind} ${p.status} wrong=[${wrongFields.map((f) => `${f}:${p[f]}≠${d.truth[f]}`).join(', ')}] reasons=${JSON.stringify(p.review_reasons)}`);
}
console.log(`${'group'.padEnd(55)} val  wrong ${F.map((f) => f.replace('montant_', '').slice(0, 6).padStart(7)).join('')}`);
for (const [k, g] of Object.entries(groups).sort()) console.log(`${k.padEnd(55)} ${`${g.val}/${g.n}`.padEnd(5)} ${String(g.wrong).padEnd(5)} ${F.map((f) => `${g.f[f][0]}/${g.f[f][1]}`.padStart(7)).join('')}`);
