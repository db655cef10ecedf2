// Generates the app icons (committed) from an inline SVG: node web/scripts/make-icons.mjs
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const out = (name) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));
const svg = (pad) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#3e2723"/>
  <g transform="translate(${pad} ${pad}) scale(${(512 - 2 * pad) / 512})">
    <path d="M120 170h220v130a90 90 0 0 1-90 90h-40a90 90 0 0 1-90-90z" fill="#ffd54f"/>
    <path d="M340 200h30a50 50 0 0 1 0 100h-30v-30h30a20 20 0 0 0 0-40h-30z" fill="#ffd54f"/>
    <path d="M170 80c-20 30 20 40 0 70M230 80c-20 30 20 40 0 70M290 80c-20 30 20 40 0 70" stroke="#ffecb3" stroke-width="14" fill="none" stroke-linecap="round"/>
    <rect x="100" y="410" width="280" height="24" rx="12" fill="#ffecb3"/>
  </g>
</svg>`);
for (const size of [192, 512]) {
  await sharp(svg(24))
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
}
await sharp(svg(90)).resize(512, 512).png().toFile(out('maskable-512.png'));
console.log('icons written');
