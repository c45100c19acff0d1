import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';
import { useSavePaymentMethod } from '../api/wallet';

function useSave(onSaved: () => void) {
  const save = useSavePaymentMethod();
  const error = useFlash();
  const success = useFlash();
  const submit = async (body: Record<string, string>) => {
    error.clear();
    try {
      success.show((await save.mutateAsync(body)).message);
      onSaved();
    } catch (failure) {
      error.show(failure instanceof ApiError ? failure.message : 'An error occurred.');
    }
  };
  return { submit, busy: save.isPending, error: error.message, success: success.message };
}

/** 'Add Bank Details': every field stored as typed. */
export function AddBankForm({ onSaved }: { onSaved: () => void }) {
  const [values, setValues] = useState({
    label: '',
    account_number: '',
    account_name: '',
    bank_name: '',
    routing_number: '',
    bank_address: '',
  });
  const { submit, busy, error, success } = useSave(onSaved);
  const fields: [keyof typeof values, string][] = [
    ['label', 'Name (Optional)'],
    ['account_number', 'Account Number'],
    ['account_name', 'Account Name'],
    ['bank_name', 'Bank Name'],
    ['routing_number', 'Bank Code/Routing Number'],
    ['bank_address', 'Bank Address'],
  ];
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    void submit({ type: 'bank', ...values });
  };
  return (
    <form onSubmit={save} className="space-y-3 rounded-xl border border-slate-200 p-4" noValidate>
      <h3 className="font-semibold text-slate-900">Add Bank Details</h3>
      {fields.map(([field, label]) => (
        <TextField
          key={field}
          label={label}
          name={field}
          value={values[field]}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        />
      ))}
      <MessageBanner error={error} success={success} />
      <Button type="submit" disabled={busy}>
        Save
      </Button>
    </form>
  );
}

/** 'Add a crypto withdrawal address': the server checks the address format of the chosen coin. */
export function AddCryptoForm({ onSaved }: { onSaved: () => void }) {
  const [values, setValues] = useState({ label: '', currency: 'btc', wallet_address: '' });
  const { submit, busy, error, success } = useSave(onSaved);
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    void submit({ type: 'crypto', ...values });
  };
  return (
    <form onSubmit={save} className="space-y-3 rounded-xl border border-slate-200 p-4" noValidate>
      <h3 className="font-semibold text-slate-900">Add a crypto withdrawal address</h3>
      <TextField
        label="Name (Optional)"
        name="label"
        value={values.label}
        onChange={(event) => setValues({ ...values, label: event.target.value })}
      />
      <SelectField
        label="Coin"
        name="currency"
        value={values.currency}
        onChange={(event) => setValues({ ...values, currency: event.target.value })}
        options={[
          { value: 'btc', label: 'BITCOIN' },
          { value: 'eth', label: 'ETHEREUM' },
          { value: 'usdt(erc20)', label: 'USDT(ERC20)' },
          { value: 'usdt(trc20)', label: 'USDT(TRC20)' },
        ]}
      />
      <TextField
        label="Wallet address"
        name="wallet_address"
        value={values.wallet_address}
        onChange={(event) => setValues({ ...values, wallet_address: event.target.value })}
      />
      <MessageBanner error={error} success={success} />
      <Button type="submit" disabled={busy}>
        Save
      </Button>
    </form>
  );
}
