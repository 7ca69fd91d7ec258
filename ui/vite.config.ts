import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The web app: built by `npm run build` (scripts/build.mjs) into dist/ui, which the API listener
// serves (src/http/api/static-ui.ts). `npx vite ui` runs a dev server that proxies the API to a
// `rehook serve` on :8080.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  // Preact's JSX through Vite's own transform: no framework plugin needed.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/ui', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Everything is a file of its own: no inline script or style, so the strict CSP holds.
    assetsInlineLimit: 0,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
