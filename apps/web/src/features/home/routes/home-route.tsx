import { useCurrencies } from '../../reference/api/get-currencies';

const features = [
  { title: 'Stocks and crypto', text: 'Buy and sell US stocks and major crypto assets from one brokerage wallet.' },
  { title: 'Savings and retirement', text: 'Open HSA, IRA and 401k-style accounts and contribute when it suits you.' },
  { title: 'A cash wallet', text: 'Deposit by bank wire or crypto, move money between wallets, withdraw any time.' },
];

export function HomeRoute() {
  const currencies = useCurrencies();

  return (
    <div className="mx-auto max-w-6xl px-6 py-14">
      <h1 className="max-w-2xl text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">
        Invest, save and grow your money in one place.
      </h1>
      <p className="mt-5 max-w-2xl text-lg text-slate-600">
        Itrust brings a cash wallet, stock and crypto trading, automated investing and retirement accounts together,
        with your net worth in one view.
      </p>

      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {features.map((feature) => (
          <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-brand-800">{feature.title}</h2>
            <p className="mt-2 text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>

      <section className="mt-12" aria-labelledby="currencies-heading" aria-busy={currencies.isPending}>
        <h2 id="currencies-heading" className="text-lg font-semibold text-brand-800">
          Hold your account in your currency
        </h2>
        {currencies.isPending && <p className="mt-3 text-slate-500">Loading currencies…</p>}
        {currencies.isError && (
          <p className="mt-3 text-red-700" role="alert">
            {currencies.error.message}{' '}
            <button type="button" className="font-medium underline" onClick={() => void currencies.refetch()}>
              Try again
            </button>
          </p>
        )}
        {currencies.isSuccess && (
          <ul className="mt-3 flex flex-wrap gap-3" aria-label="Supported currencies">
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
