export * from './account.ts';
export * from './auth.ts';
export * from './currencies.ts';
export * from './envelope.ts';
export * from './format.ts';
export * from './reference.ts';
