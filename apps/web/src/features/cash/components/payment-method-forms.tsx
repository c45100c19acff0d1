import { depositCoins } from '@itrust/contracts/wallet-rules';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useStepUp } from '../../../components/step-up-dialog';
import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';
import { useFormValues, type FieldProps } from '../../../lib/use-form-values';
import { useSavePaymentMethod } from '../api/wallet';

/** Called with the server's message ('Withdraw Info Updated.') once the details are saved. */
type OnSaved = (message: string) => void;

type MethodFormProps = {
  type: 'bank' | 'crypto';
  title: string;
  initial: Record<string, string>;
  onSaved: OnSaved;
  /** The form's fields, given what each field takes from the form: its name, value, error and change handler. */
  children: (field: (name: string) => FieldProps) => ReactNode;
};

/**
 * Saves the form's details. A refusal's field messages go beside their fields (the first of them
 * focused); a message that belongs to no field on the form shows above the button.
 */
function MethodForm({ type, title, initial, onSaved, children }: MethodFormProps) {
  const save = useSavePaymentMethod();
  const stepUp = useStepUp();
  const error = useFlash();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const { values, field } = useFormValues(initial, {
    errorOf: (name) => fieldErrors[name],
    onChange: (_next, [name = '']) => setFieldErrors((errors) => ({ ...errors, [name]: undefined })),
  });
  const submit = async (form: HTMLFormElement) => {
    error.clear();
    setFieldErrors({});
    try {
      onSaved((await stepUp.guarded(() => save.mutateAsync({ type, ...values }))).message);
    } catch (failure) {
      if (!(failure instanceof ApiError)) {
        error.show('An error occurred.');
        return;
      }
      const placed = Object.keys(values).filter((field) => failure.errors[field]?.[0]);
      setFieldErrors(Object.fromEntries(placed.map((field) => [field, failure.errors[field]?.[0]])));
      const first = placed[0] && form.elements.namedItem(placed[0]);
      if (first instanceof HTMLElement) first.focus();
      else error.show(failure.message);
    }
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
  };
  // The dialog stays outside the form: it is a form of its own.
  return (
    <>
      <form onSubmit={onSubmit} className="space-y-3 rounded-xl border border-slate-200 p-4" noValidate>
        <h3 className="font-semibold text-slate-900">{title}</h3>
        {children(field)}
        <MessageBanner error={error.message} />
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </form>
      {stepUp.dialog}
    </>
  );
}

const bankFields = {
  label: 'Name (Optional)',
  account_number: 'Account Number',
  account_name: 'Account Name',
  bank_name: 'Bank Name',
  routing_number: 'Bank Code/Routing Number',
  bank_address: 'Bank Address',
};

/** 'Add Bank Details': every field stored as typed. */
export function AddBankForm({ onSaved }: { onSaved: OnSaved }) {
  const initial = Object.fromEntries(Object.keys(bankFields).map((name) => [name, '']));
  return (
    <MethodForm type="bank" title="Add Bank Details" initial={initial} onSaved={onSaved}>
      {(field) =>
        Object.entries(bankFields).map(([name, label]) => <TextField key={name} label={label} {...field(name)} />)
      }
    </MethodForm>
  );
}

/** 'Add a crypto withdrawal address': the server checks the address format of the chosen coin. */
export function AddCryptoForm({ onSaved }: { onSaved: OnSaved }) {
  return (
    <MethodForm
      type="crypto"
      title="Add a crypto withdrawal address"
      initial={{ label: '', currency: 'btc', wallet_address: '' }}
      onSaved={onSaved}
    >
      {(field) => (
        <>
          <TextField label="Name (Optional)" {...field('label')} />
          <SelectField
            label="Coin"
            {...field('currency')}
            options={depositCoins.map(({ id, name }) => ({ value: id.toLowerCase(), label: name }))}
          />
          <TextField label="Wallet address" {...field('wallet_address')} />
        </>
      )}
    </MethodForm>
  );
}
