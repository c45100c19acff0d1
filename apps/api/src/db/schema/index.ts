export * from './audit.ts';
export * from './auth.ts';
export * from './kyc.ts';
export * from './ledger.ts';
export * from './market.ts';
export * from './reference.ts';
export * from './trading.ts';
export * from './users.ts';
