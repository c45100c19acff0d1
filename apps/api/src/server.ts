import { loadDrizzleAsCommonJs } from './lib/drizzle-commonjs.ts';

// The hook has to be in place before the server's modules are resolved, so they are imported after it.
loadDrizzleAsCommonJs();
await import('./start.ts');
