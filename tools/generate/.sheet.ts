import sharp from 'sharp';
const [out, ...files] = process.argv.slice(2);
const W = 600, H = 848;
const tiles = await Promise.all(files.map((f) => sharp(f).resize({ width: W, height: H, fit: 'fill' }).png().toBuffer()));
const cols = 3;
await sharp({ create: { width: W * cols, height: H * Math.ceil(files.length / cols), channels: 3, background: '#888' } })
  .composite(tiles.map((input, i) => ({ input, left: (i % cols) * W, top: Math.floor(i / cols) * H }))).png().toFile(out!);
