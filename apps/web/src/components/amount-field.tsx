import type { ComponentProps } from 'react';
import { TextField } from './ui/text-field';
import { useMoney } from '../lib/use-money';

type AmountFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'value' | 'onChange'> & {
  value: string;
  onChange: (amount: string) => void;
};

/** The amount a money form sends, typed in the settlement currency, which its label names. */
export function AmountField({ onChange, ...field }: AmountFieldProps) {
  const { settlement } = useMoney();
  return (
    <TextField
      label={`Amount (${settlement.code})`}
      inputMode="decimal"
      placeholder={`${settlement.sign}0`}
      onChange={(event) => onChange(event.target.value)}
      {...field}
    />
  );
}
