import type { Rolldown } from 'vite';

/**
 * Fewer, larger chunks than the bundler's automatic split: each file a page asks for is a request
 * and, through the page's loader, a modulepreload link. Everything the entry imports statically is
 * one chunk ('app'); of the modules two or more screens share, those a visitor's screen uses (the
 * sign-up steps among them) are one more ('common'), and those only the signed-in screens use another
 * ('screens'), so a visitor signing up does not load those; each screen keeps its own.
 */
export function chunkGroups(entry: string): Rolldown.CodeSplittingGroup[] {
  let fromEntry: Set<string> | undefined;
  const reachedFromEntry = (id: string, context: Rolldown.ChunkingContext) => {
    // What the entry imports, directly or through others, without a dynamic import() between.
    fromEntry ??= reached(entry, (current) => context.getModuleInfo(current)?.importedIds ?? []);
    return id !== entry && fromEntry.has(id);
  };
  return [
    { name: (id, context) => (reachedFromEntry(id, context) ? 'app' : null), priority: 2 },
    {
      name: (id, context) => {
        const module = context.getModuleInfo(id);
        if (!module || module.dynamicImporters.length > 0) return null;
        // A screen a visitor opens (signing up or in, information pages) imports it, directly or not.
        const importers = reached(id, (current) => context.getModuleInfo(current)?.importers ?? []);
        if ([...importers].some((importer) => visitorScreens.test(importer))) return 'common';
        if (webSource.test(id) || /[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id)) return 'screens';
        return null;
      },
      minShareCount: 2,
      priority: 1,
    },
  ];
}

const webSource = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const visitorScreens = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/](auth|info)[\\/]/;

/** The modules reached from `start` by following `next`: what a module imports, or what imports it. */
export function reached(start: string, next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...next(id));
  }
  return seen;
}
