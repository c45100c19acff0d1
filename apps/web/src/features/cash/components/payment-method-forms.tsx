import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';
import { useSavePaymentMethod } from '../api/wallet';

/** Called with the server's message ('Withdraw Info Updated.') once the details are saved. */
type OnSaved = (message: string) => void;

/**
 * Saves the form's details. A refusal's field messages go beside their fields (the first of them
 * focused); a message that belongs to no field on the form shows above the button.
 */
function useSave(onSaved: OnSaved, shown: readonly string[]) {
  const save = useSavePaymentMethod();
  const error = useFlash();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const submit = async (form: HTMLFormElement, body: Record<string, string>) => {
    error.clear();
    setFieldErrors({});
    try {
      onSaved((await save.mutateAsync(body)).message);
    } catch (failure) {
      if (!(failure instanceof ApiError)) {
        error.show('An error occurred.');
        return;
      }
      const placed = shown.filter((field) => failure.errors[field]?.[0]);
      setFieldErrors(Object.fromEntries(placed.map((field) => [field, failure.errors[field]?.[0]])));
      const first = placed[0] && form.elements.namedItem(placed[0]);
      if (first instanceof HTMLElement) first.focus();
      else error.show(failure.message);
    }
  };
  const clearError = (field: string) => setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
  return { submit, busy: save.isPending, error: error.message, fieldErrors, clearError };
}

/** 'Add Bank Details': every field stored as typed. */
export function AddBankForm({ onSaved }: { onSaved: OnSaved }) {
  const [values, setValues] = useState({
    label: '',
    account_number: '',
    account_name: '',
    bank_name: '',
    routing_number: '',
    bank_address: '',
  });
  const fields: [keyof typeof values, string][] = [
    ['label', 'Name (Optional)'],
    ['account_number', 'Account Number'],
    ['account_name', 'Account Name'],
    ['bank_name', 'Bank Name'],
    ['routing_number', 'Bank Code/Routing Number'],
    ['bank_address', 'Bank Address'],
  ];
  const { submit, busy, error, fieldErrors, clearError } = useSave(
    onSaved,
    fields.map(([field]) => field),
  );
  const save = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget, { type: 'bank', ...values });
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
          onChange={(event) => {
            setValues({ ...values, [field]: event.target.value });
            clearError(field);
          }}
          error={fieldErrors[field]}
        />
      ))}
      <MessageBanner error={error} />
      <Button type="submit" disabled={busy}>
        Save
      </Button>
    </form>
  );
}

/** 'Add a crypto withdrawal address': the server checks the address format of the chosen coin. */
export function AddCryptoForm({ onSaved }: { onSaved: OnSaved }) {
  const [values, setValues] = useState({ label: '', currency: 'btc', wallet_address: '' });
  const { submit, busy, error, fieldErrors, clearError } = useSave(onSaved, ['label', 'currency', 'wallet_address']);
  const save = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget, { type: 'crypto', ...values });
  };
  return (
    <form onSubmit={save} className="space-y-3 rounded-xl border border-slate-200 p-4" noValidate>
      <h3 className="font-semibold text-slate-900">Add a crypto withdrawal address</h3>
      <TextField
        label="Name (Optional)"
        name="label"
        value={values.label}
        onChange={(event) => {
          setValues({ ...values, label: event.target.value });
          clearError('label');
        }}
        error={fieldErrors['label']}
      />
      <SelectField
        label="Coin"
        name="currency"
        value={values.currency}
        onChange={(event) => {
          setValues({ ...values, currency: event.target.value });
          clearError('currency');
        }}
        error={fieldErrors['currency']}
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
        onChange={(event) => {
          setValues({ ...values, wallet_address: event.target.value });
          clearError('wallet_address');
        }}
        error={fieldErrors['wallet_address']}
      />
      <MessageBanner error={error} />
      <Button type="submit" disabled={busy}>
        Save
      </Button>
    </form>
  );
}
