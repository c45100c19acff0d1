import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** The column types the tables share: money to the cent, prices, quantities, rates, times with their zone. */
export const money = (name: string) => numeric(name, { precision: 30, scale: 2 });
export const price = (name: string) => numeric(name, { precision: 30, scale: 10 });
export const quantity = (name: string) => numeric(name, { precision: 30, scale: 8 });
export const rate = (name: string) => numeric(name, { precision: 20, scale: 10 });
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
