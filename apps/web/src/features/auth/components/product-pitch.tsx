import { useCurrencies } from '../../../lib/queries/reference';

const features = [
  { title: 'Stocks and crypto', text: 'Buy and sell US stocks and major crypto assets from one brokerage wallet.' },
  { title: 'Savings and retirement', text: 'Open HSA, IRA and 401k-style accounts and contribute when it suits you.' },
  { title: 'A cash wallet', text: 'Deposit by bank wire or crypto, move money between wallets, withdraw any time.' },
];

export function ProductPitch() {
  const currencies = useCurrencies();

  return (
    <div>
      <p className="text-4xl font-bold tracking-tight text-brand-900">Invest, save and grow your money in one place.</p>
      <p className="mt-4 text-lg text-slate-600">
        A cash wallet, stock and crypto trading, automated investing and retirement accounts, with your net worth in one
        view.
      </p>
      <ul className="mt-8 space-y-4">
        {features.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-brand-800">{feature.title}</h2>
            <p className="mt-1 text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>
      <section className="mt-8" aria-labelledby="currencies-heading" aria-busy={currencies.isPending}>
        <h2 id="currencies-heading" className="font-semibold text-brand-800">
          Hold your account in your currency
        </h2>
        {currencies.isPending && <p className="mt-3 text-slate-600">Loading currencies…</p>}
        {currencies.isError && (
          <p className="mt-3 text-red-700" role="alert">
            {currencies.error.message}
          </p>
        )}
        {currencies.isSuccess && (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Supported currencies">
            {currencies.data.map((currency) => (
              <li key={currency.id} className="rounded-full bg-brand-50 px-4 py-2 text-sm font-medium text-brand-800">
                {currency.sign} {currency.name} ({currency.code})
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
