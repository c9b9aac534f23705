import fs from 'node:fs';
import sharp from 'sharp';
const [dir, out, from, n] = process.argv.slice(2);
const files = fs.readdirSync(dir!).filter((f) => f.endsWith('.png')).sort().slice(Number(from), Number(from) + Number(n));
const W = 560, H = 792;
const tiles = await Promise.all(files.map((f) => sharp(`${dir}/${f}`).resize({ width: W, height: H, fit: 'fill' }).png().toBuffer()));
const cols = 3;
await sharp({ create: { width: W * cols, height: H * Math.ceil(files.length / cols), channels: 3, background: '#888' } })
  .composite(tiles.map((input, i) => ({ input, left: (i % cols) * W, top: Math.floor(i / cols) * H }))).png().toFile(out!);
console.log(files.join(' '));
