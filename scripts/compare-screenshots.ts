// Compares two folders of screenshots (scripts/screenshots-pages.ts) pixel by pixel: same bytes,
// or else the PNGs decoded by the headless Chromium (a canvas each) and their pixels counted.
// Writes a diff picture (differing pixels in red over a faded "after") for each that differs.
//
//   npx tsx scripts/compare-screenshots.ts <before folder> <after folder> [<diff folder>]
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../test/helpers/browser.js';

/** Runs in the page: decodes both PNGs, counts the pixels that differ, draws the diff picture. */
const PAGE_COMPARE = `async ([a, b]) => {
      const load = async (base64) => {
        const bitmap = await createImageBitmap(await (await fetch(\`data:image/png;base64,\${base64}\`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (context === null) throw new Error('no 2d context');
        context.drawImage(bitmap, 0, 0);
        return {
          width: bitmap.width,
          height: bitmap.height,
          data: context.getImageData(0, 0, bitmap.width, bitmap.height).data,
        };
      };
      const x = await load(a);
      const y = await load(b);
      if (x.width !== y.width || x.height !== y.height)
        return { pixels: -1, size: \`\${x.width}x\${x.height} -> \${y.width}x\${y.height}\`, diff: '' };
      const canvas = new OffscreenCanvas(y.width, y.height);
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2d context');
      const out = context.createImageData(y.width, y.height);
      let pixels = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        const same =
          x.data[i] === y.data[i] &&
          x.data[i + 1] === y.data[i + 1] &&
          x.data[i + 2] === y.data[i + 2] &&
          x.data[i + 3] === y.data[i + 3];
        if (!same) pixels += 1;
        const grey = ((y.data[i] ?? 0) + (y.data[i + 1] ?? 0) + (y.data[i + 2] ?? 0)) / 3;
        out.data[i] = same ? 200 + grey / 5 : 255;
        out.data[i + 1] = same ? 200 + grey / 5 : 0;
        out.data[i + 2] = same ? 200 + grey / 5 : 0;
        out.data[i + 3] = 255;
      }
      context.putImageData(out, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { pixels, size: \`\${y.width}x\${y.height}\`, diff: btoa(binary) };
    }`;

const [beforeDir, afterDir, diffDir] = process.argv.slice(2);
if (beforeDir === undefined || afterDir === undefined) {
  console.error('usage: compare-screenshots.ts <before> <after> [<diffs>]');
  process.exit(2);
}
const names = readdirSync(beforeDir).filter((name) => name.endsWith('.png'));
const browser = await launchBrowser();
const page = await browser.newPage();
let identical = 0;
const differing: string[] = [];
const missing: string[] = [];
for (const name of names.sort()) {
  if (!existsSync(join(afterDir, name))) {
    missing.push(name);
    continue;
  }
  const before = readFileSync(join(beforeDir, name));
  const after = readFileSync(join(afterDir, name));
  if (before.equals(after)) {
    identical += 1;
    continue;
  }
  const result = (await page.evaluate(
    `(${PAGE_COMPARE})(${JSON.stringify([before.toString('base64'), after.toString('base64')])})`,
  )) as { pixels: number; size: string; diff: string };
  if (result.pixels === 0) {
    identical += 1;
    continue;
  }
  differing.push(`${name}: ${result.pixels < 0 ? `size ${result.size}` : `${result.pixels} pixels of ${result.size}`}`);
  if (diffDir !== undefined && result.diff !== '') {
    mkdirSync(diffDir, { recursive: true });
    writeFileSync(join(diffDir, name), Buffer.from(result.diff, 'base64'));
  }
}
await browser.close();
for (const line of differing) console.log(`differs  ${line}`);
for (const name of missing) console.log(`missing  ${name}`);
console.log(
  `${names.length} pictures: ${identical} identical, ${differing.length} differing, ${missing.length} missing`,
);
process.exitCode = differing.length + missing.length > 0 ? 1 : 0;
