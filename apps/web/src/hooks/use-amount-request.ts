import { decimalOf, type Decimal } from '@itrust/contracts/money';
import { useState, type SyntheticEvent } from 'react';
import { useFlash } from './use-flash';

/**
 * The amount of a money request (cash or savings) and its confirm step. Submitting shows the first
 * refusal the browser finds (so that it does not wait for the confirmation), or asks to confirm;
 * closing starts afresh. The refusal gets the amount as typed and as an exact decimal (0 when it is
 * not a number), so limits compare digit for digit.
 */
export function useAmountRequest(refusal: (amount: string, value: Decimal) => string | null) {
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const error = useFlash();
  const request = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = refusal(amount, decimalOf(amount));
    if (found) error.show(found);
    else setConfirming(true);
  };
  const close = () => {
    setConfirming(false);
    setAmount('');
  };
  return { amount, setAmount, confirming, error: error.message, request, close };
}
