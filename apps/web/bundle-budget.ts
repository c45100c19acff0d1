import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { reached } from './chunks.ts';

type Chunk = { type: 'chunk'; code: string; imports: string[]; isEntry: boolean; moduleIds: string[] };

/**
 * Fails the build when the JavaScript the sign-in screen loads (the entry, the sign-in route and
 * everything they import statically) is over the budget, gzip-compressed.
 */
export function signInBudget(budgetKb: number): Plugin {
  return {
    name: 'itrust-sign-in-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.entries(bundle).filter(
          (entry): entry is [string, Chunk & (typeof bundle)[string]] => entry[1].type === 'chunk',
        ),
      );
      const holdsSignIn = (chunk: Chunk) =>
        chunk.moduleIds.some((id) => id.endsWith('/features/auth/routes/sign-in-route.tsx'));
      const roots = [...chunks].filter(([, chunk]) => chunk.isEntry || holdsSignIn(chunk));
      if (!roots.some(([, chunk]) => holdsSignIn(chunk)))
        this.error('the sign-in route module was not found in any chunk; update the budget check');
      const imports = (file: string) => chunks.get(file)?.imports ?? [];
      const loaded = new Set(roots.flatMap(([file]) => [...reached(file, imports)]));
      const bytes = [...loaded].reduce((sum, file) => sum + gzipSync(chunks.get(file)?.code ?? '').length, 0);
      const kb = bytes / 1024;
      this.info(`sign-in route JavaScript: ${kb.toFixed(1)} KB gzip in ${loaded.size} files (budget ${budgetKb} KB)`);
      if (kb > budgetKb)
        this.error(`the sign-in route loads ${kb.toFixed(1)} KB of JavaScript gzip, over the ${budgetKb} KB budget`);
    },
  };
}
