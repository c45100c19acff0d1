import { formatPrice, timeInForceLabels } from '@itrust/contracts';
import type { OrderTerms } from '@itrust/contracts/order-rules';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';

const typeOptions = [
  { value: 'market', label: 'Market: now, at the current price' },
  { value: 'limit', label: 'Limit: at your price or better' },
  { value: 'stop', label: 'Stop: at the market once the price crosses your stop' },
  { value: 'stop_limit', label: 'Stop limit: at your limit once the price crosses your stop' },
];
const isType = (value: string): value is OrderTerms['type'] => typeOptions.some((option) => option.value === value);

type OrderTermsFieldsProps = {
  terms: OrderTerms;
  onChange: (terms: OrderTerms) => void;
  /** The asset's price now, in US dollars, which order prices are set in. */
  price: string;
  errors: { limit_price?: string | undefined; stop_price?: string | undefined };
};

/**
 * The order type of a ticket and, for an order that waits, its prices and time in force. Prices are
 * in US dollars, the currency assets are quoted in, whatever currency the wallet settles in.
 */
export function OrderTermsFields({ terms, onChange, price, errors }: OrderTermsFieldsProps) {
  const set = (change: Partial<OrderTerms>) => onChange({ ...terms, ...change });
  return (
    <>
      <SelectField
        label="Order type"
        options={typeOptions}
        value={terms.type}
        onChange={(event) => isType(event.target.value) && set({ type: event.target.value })}
      />
      {terms.type !== 'market' && (
        <>
          <p className="text-xs text-slate-600">Prices in US dollars. Now {formatPrice(price)}.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {terms.type !== 'limit' && (
              <TextField
                label="Stop price (USD)"
                inputMode="decimal"
                autoComplete="off"
                value={terms.stopPrice}
                onChange={(event) => set({ stopPrice: event.target.value })}
                error={errors.stop_price}
              />
            )}
            {terms.type !== 'stop' && (
              <TextField
                label="Limit price (USD)"
                inputMode="decimal"
                autoComplete="off"
                value={terms.limitPrice}
                onChange={(event) => set({ limitPrice: event.target.value })}
                error={errors.limit_price}
              />
            )}
          </div>
          <SelectField
            label="Time in force"
            options={Object.entries(timeInForceLabels).map(([value, label]) => ({ value, label }))}
            value={terms.timeInForce}
            onChange={(event) => set({ timeInForce: event.target.value === 'gtc' ? 'gtc' : 'day' })}
          />
        </>
      )}
    </>
  );
}
