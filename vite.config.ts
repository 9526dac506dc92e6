// The renderer's build: Svelte 5 from renderer/ into out/renderer, with relative asset paths (base './') so the same
// files load from browser mode's http://127.0.0.1:<port>/ and from the desktop's checkup://app/.
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./renderer', import.meta.url));

export default defineConfig({
  root,
  base: './',
  publicDir: 'public',
  plugins: [svelte({ configFile: false, compilerOptions: { runes: true } })],
  build: {
    outDir: fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // uPlot and speedscope-sized documents never go through the bundle; one chunk stays small enough.
    chunkSizeWarningLimit: 600,
    sourcemap: true,
  },
});
