import { readStoredUser } from '../../../lib/storage-keys';

/** Says, where figures are converted, which currency they show in and which one amounts are typed in. */
export function SettlementNote() {
  const user = readStoredUser();
  const display = user?.currency;
  const settlement = user?.settlement_currency;
  if (!display || !settlement || display.code === settlement.code) return null;
  return (
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="settlement-note">
      Figures are shown in {display.name} ({display.code}) at the current reference rate. Your wallets are kept in{' '}
      {settlement.name} ({settlement.code}): amounts you deposit, withdraw, transfer, save and trade are in{' '}
      {settlement.code}.
    </p>
  );
}
