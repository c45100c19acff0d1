import type { UserResource } from '@itrust/contracts';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { useCurrencies } from '../../../lib/queries/reference';
import { useUpdateProfile } from '../api/update-profile';
import { Panel } from './panel';
import { useSaveFeedback } from './use-save-feedback';

export function CurrencyPanel({ user }: { user: UserResource }) {
  const currencies = useCurrencies();
  const update = useUpdateProfile();
  const feedback = useSaveFeedback();
  const [currencyId, setCurrencyId] = useState<number>(user.currency_id);
  const settlement = user.settlement_currency;
  const options = (currencies.data ?? []).map((currency) => ({
    id: currency.id,
    name: `${currency.sign} ${currency.name} (${currency.code})`,
  }));

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    // A refused choice is not stored: the picker shows the stored one again.
    if (!(await feedback.run(() => update.mutateAsync({ currency_id: currencyId })))) setCurrencyId(user.currency_id);
  };

  return (
    <Panel title="Currency preference">
      <form onSubmit={(event) => void save(event)} className="max-w-md space-y-4" noValidate>
        <p className="text-sm text-slate-600">
          Figures across the app are shown in this currency, converted at the current reference rate. You can change it
          at any time.
        </p>
        <p className="text-sm text-slate-600" data-testid="settlement-currency">
          Your wallets are kept in {settlement.name} ({settlement.code}): amounts you deposit, withdraw, transfer, save
          and trade are entered in {settlement.code}. Until money first moves in your account, your wallets follow the
          currency you choose here.
        </p>
        <SearchableSelect
          label="Currency"
          options={options}
          loading={currencies.isPending}
          value={currencyId}
          onChange={(id) => setCurrencyId(Number(id))}
        />
        <MessageBanner error={feedback.error} success={feedback.success} />
        <Button type="submit" disabled={update.isPending}>
          Save Changes
        </Button>
      </form>
    </Panel>
  );
}
