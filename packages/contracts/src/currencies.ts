/** The settlement and display currencies the product supports, with the sign the client shows. */
export const supportedCurrencies = [
  { code: 'USD', name: 'US Dollar', sign: '$' },
  { code: 'EUR', name: 'Euro', sign: '€' },
  { code: 'GBP', name: 'British Pound', sign: '£' },
  { code: 'CAD', name: 'Canadian Dollar', sign: 'C$' },
] as const;

export type CurrencyCode = (typeof supportedCurrencies)[number]['code'];
