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
    fromEntry ??= staticallyReached(entry, context);
    return id !== entry && fromEntry.has(id);
  };
  return [
    { name: (id, context) => (reachedFromEntry(id, context) ? 'app' : null), priority: 2 },
    {
      name: (id, context) => {
        const module = context.getModuleInfo(id);
        if (!module || module.dynamicImporters.length > 0) return null;
        if (reachedFromVisitorScreens(id, context)) return 'common';
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

/** Whether a screen a visitor opens (signing up or in, information pages) imports `id`, directly or not. */
function reachedFromVisitorScreens(id: string, context: Rolldown.ChunkingContext): boolean {
  const seen = new Set<string>();
  const queue = [id];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    if (visitorScreens.test(current)) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    queue.push(...(context.getModuleInfo(current)?.importers ?? []));
  }
  return false;
}

/** The modules `entry` imports, directly or through others, without a dynamic import() between. */
function staticallyReached(entry: string, context: Rolldown.ChunkingContext): Set<string> {
  const reached = new Set<string>();
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}
