import { registerHooks, type ResolveFnOutput } from 'node:module';

const isDrizzle = (specifier: string) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

/**
 * Loads drizzle-orm's CommonJS build wherever the server imports drizzle-orm. Both builds hold the
 * same code in hundreds of files under one package.json with a very large exports map; Node's ESM
 * loader takes that package.json apart again for every file it loads, to learn the file's format,
 * where the CommonJS loader only asks for its type. Every drizzle-orm import resolves the same way,
 * so one copy of drizzle is loaded.
 */
export function loadDrizzleAsCommonJs(): void {
  // Node caches a resolution per importing file; drizzle-orm is one package for every file of the
  // workspace, so each specifier is resolved once rather than reading the exports map again.
  const resolved = new Map<string, ResolveFnOutput>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (!isDrizzle(specifier)) return nextResolve(specifier, context);
      const known = resolved.get(specifier);
      if (known) return { ...known, shortCircuit: true };
      const conditions = context.conditions.filter((condition) => condition !== 'import');
      const result = nextResolve(specifier, { ...context, conditions: [...conditions, 'require'] });
      resolved.set(specifier, result);
      return result;
    },
  });
}
