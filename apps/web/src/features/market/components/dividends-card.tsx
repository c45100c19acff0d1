import type { Asset, DividendEvent } from '@itrust/contracts';
import { formatPrice } from '@itrust/contracts/format';
import { decimalOf, percentOf, type Decimal } from '@itrust/contracts/money';
import { Card } from '../../../components/ui/card';
import { Fact } from '../../../components/ui/fact';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TableHead } from '../../../components/ui/table-head';
import { dividendDate, useAssetDividends } from '../../../lib/queries/dividends';

type DividendsCardProps = { asset: Pick<Asset, 'symbol' | 'type'>; sign: string; rate: Decimal };

const frequencyName = { quarterly: 'Quarterly', monthly: 'Monthly' } as const;

/** A stock's dividend schedule; crypto pays none, so it shows nothing. */
export function DividendsCard({ asset, sign, rate }: DividendsCardProps) {
  const isStock = asset.type === 'stocks';
  const dividends = useAssetDividends(asset.symbol, isStock);
  if (!isStock) return null;
  const data = dividends.data;
  return (
    <Card title="Dividends">
      {dividends.isPending && <p className="mt-3 text-sm text-slate-600">Loading dividends…</p>}
      {dividends.isError && (
        <div className="mt-3">
          <MessageBanner error={dividends.error.message} />
        </div>
      )}
      {data && !data.frequency && <p className="mt-3 text-sm text-slate-600">{asset.symbol} pays no dividend.</p>}
      {data?.frequency && (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
            <Fact label="Yearly yield" testId="dividend-yield">
              {percentOf(decimalOf(data.yearly_yield), 1)}%
            </Fact>
            <Fact label="Paid">{frequencyName[data.frequency]}</Fact>
          </dl>
          <p className="mt-3 text-xs text-slate-600">
            Holders at the close of the ex-date are paid on the pay date, into the wallet that holds the stock.
          </p>
          <EventTable
            title="Upcoming"
            events={data.upcoming}
            sign={sign}
            rate={rate}
            empty="None in the coming year."
            markPassed
          />
          <EventTable title="Past year" events={data.past} sign={sign} rate={rate} empty="None in the past year." />
        </>
      )}
    </Card>
  );
}

type EventTableProps = {
  title: string;
  events: DividendEvent[];
  sign: string;
  rate: Decimal;
  empty: string;
  /** Upcoming dividends say when their ex-date has closed: buying now no longer earns them. */
  markPassed?: boolean;
};

function EventTable({ title, events, sign, rate, empty, markPassed = false }: EventTableProps) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {events.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      ) : (
        <table className="mt-1 w-full text-left text-sm" aria-label={`${title} dividends`}>
          <TableHead columns={['Ex-date', 'Pay date', 'Per share']} />
          <tbody className="divide-y divide-slate-100">
            {events.map((event) => (
              <tr key={event.ex_date}>
                <td className="py-2 pr-3">
                  <span className="whitespace-nowrap">{dividendDate(event.ex_date)}</span>
                  {markPassed && event.ex_date_passed && (
                    <span className="block text-xs font-medium text-amber-800" data-testid="ex-date-passed">
                      Ex-date passed, pays on <span className="whitespace-nowrap">{dividendDate(event.pay_date)}</span>
                    </span>
                  )}
                </td>
                <td className="pr-3 whitespace-nowrap">{dividendDate(event.pay_date)}</td>
                <td className="whitespace-nowrap tabular-nums">
                  {formatPrice(decimalOf(event.per_share).times(rate), sign)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
