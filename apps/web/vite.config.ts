import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './chunks.ts';
import { signInBudget } from './bundle-budget.ts';
import { precompress } from './precompress.ts';
import { prerenderSignIn } from './prerender.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), signInBudget(150), prerenderSignIn(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // No inline modulepreload polyfill script: the Content-Security-Policy forbids inline scripts.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups(path.resolve(import.meta.dirname, 'src/main.tsx')) } },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' } },
});
