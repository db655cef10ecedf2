// Writes the e2e photo fixtures: node web/scripts/make-fixtures.mjs
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const out = (name) => fileURLToPath(new URL(`../e2e/fixtures/${name}`, import.meta.url));
const W = 2400;
const H = 1800;
// Noise makes the JPEG large (about 2-3 MB), so the client must compress it below 1 MB.
const raw = Buffer.alloc(W * H * 3);
for (let i = 0; i < raw.length; i += 3) {
  const x = (i / 3) % W;
  const y = Math.floor(i / 3 / W);
  const n = Math.random() * 90;
  raw[i] = Math.min(255, (x / W) * 160 + n);
  raw[i + 1] = Math.min(255, (y / H) * 120 + n);
  raw[i + 2] = Math.min(255, 60 + n);
}
const img = () => sharp(raw, { raw: { width: W, height: H, channels: 3 } });
await img().jpeg({ quality: 92 }).toFile(out('tumbler.jpg'));
await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
  .resize(640, 480)
  .jpeg({ quality: 80 })
  .toFile(out('tumbler-small.jpg'));
try {
  await img().resize(800, 600).heif({ compression: 'hevc', quality: 60 }).toFile(out('tumbler.heic'));
  console.log('heic (hevc) written');
} catch (err) {
  console.log('hevc unavailable, writing AVIF-in-HEIF:', err.message);
  await img().resize(800, 600).heif({ compression: 'av1', quality: 60 }).toFile(out('tumbler.heic'));
}
// Over 5 MB: must be refused before any processing.
const big = Buffer.alloc(5 * 1024 * 1024 + 100, 0);
Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
await import('node:fs/promises').then((fs) => fs.writeFile(out('too-big.jpg'), big));
console.log('fixtures written');
