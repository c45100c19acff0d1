import { readFile } from 'node:fs/promises';
import { savingsProductNames } from '@itrust/contracts/savings-rules';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { sanitizeRichText } from '../lib/rich-text.ts';
import { onOneClient } from './transaction.ts';

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal number as a string');
const productsSchema = z.object({
  products: z
    .array(
      z.object({
        name: z.enum(savingsProductNames),
        title: z.string().min(1).max(120),
        note: z.string().max(10_000),
        annual_rate: decimal,
        annual_limit: decimal.nullable(),
        limit_group: z.string().min(1).nullable(),
        countries: z.array(z.string().regex(/^(\*|[A-Z]{2})$/)).min(1),
      }),
    )
    .length(savingsProductNames.length),
});

/**
 * Writes the products of the configuration file at every start: rates, limits and countries
 * follow the file; a title and note are written only for a new product, so operators' edits stay.
 */
export async function syncSavingsProducts(db: Database, file: string): Promise<void> {
  const { products } = productsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  await onOneClient(db, async (client) => {
    for (const product of products) {
      const { rows } = await client.query<{ id: number }>(
        `insert into savings_products (name, title, note, annual_rate, annual_limit, limit_group)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (name) do update set annual_rate = excluded.annual_rate, annual_limit = excluded.annual_limit,
           limit_group = excluded.limit_group, updated_at = now()
         returning id`,
        [
          product.name,
          product.title,
          sanitizeRichText(product.note),
          product.annual_rate,
          product.annual_limit,
          product.limit_group,
        ],
      );
      const everywhere = product.countries.includes('*');
      await client.query('delete from savings_product_countries where product_id = $1', [rows[0]?.id]);
      await client.query(
        `insert into savings_product_countries (product_id, country_id)
         select $1, id from countries where $2 or iso_code = any($3::text[])`,
        [rows[0]?.id, everywhere, product.countries],
      );
    }
  });
}
