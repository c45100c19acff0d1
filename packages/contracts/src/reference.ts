import { z } from 'zod';
import { page } from './envelope.ts';

export const option = z.object({ id: z.number().int(), name: z.string() });

export const currency = z.object({ id: z.number().int(), name: z.string(), code: z.string(), sign: z.string() });
export type Currency = z.infer<typeof currency>;

export const country = option.extend({ iso_code: z.string(), phone_code: z.string(), flag: z.string() });
export type Country = z.infer<typeof country>;

export const currenciesResponse = z.object({ currencies: page(currency) });
export type CurrenciesResponse = z.infer<typeof currenciesResponse>;
export const countriesResponse = z.object({ countries: z.array(country) });
export type CountriesResponse = z.infer<typeof countriesResponse>;
export const nationalitiesResponse = z.object({ nationalities: z.array(option) });
export type NationalitiesResponse = z.infer<typeof nationalitiesResponse>;
export const statesResponse = z.object({ states: z.array(option) });
export type StatesResponse = z.infer<typeof statesResponse>;
export const citiesResponse = z.object({ cities: z.array(option) });
export type CitiesResponse = z.infer<typeof citiesResponse>;

export const statesQuery = z.object({ 'filter[country_id]': z.coerce.number().int().positive() }).strict();
export const citiesQuery = z.object({ 'filter[state_id]': z.coerce.number().int().positive() }).strict();

/** Platform deposit addresses and the bank details shown for wire deposits. */
export const platformSettings = z.object({
  btc_wallet: z.string().min(1),
  eth_wallet: z.string().min(1),
  erc_wallet: z.string().min(1),
  trc_wallet: z.string().min(1),
  bank_account_number: z.string().min(1),
  bank_routing_number: z.string().min(1),
  bank_account_name: z.string().min(1),
  bank_name: z.string().min(1),
  bank_address: z.string().min(1),
  bank_reference: z.string().min(1),
  payments_email: z.email(),
  is_sample: z.boolean(),
});
export type PlatformSettings = z.infer<typeof platformSettings>;

export const settingsResponse = z.object({ settings: platformSettings });
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** What a load balancer's health check reads. */
export const healthResponse = z.object({ database: z.literal('up'), uptime_seconds: z.number() });
