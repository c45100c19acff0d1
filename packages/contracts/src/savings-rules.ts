import { amountRangeMessage, walletRefusals } from './wallet-rules.ts';

/** The eight savings products, by the names the screens show. */
export const savingsProductNames = [
  'HSA',
  'ROTH IRA',
  'Traditional IRA',
  'Rollover IRA',
  'SEP IRA',
  'Cash Management Account',
  'Custodian Account',
  'Self employed 401k',
] as const;
export type SavingsProductName = (typeof savingsProductNames)[number];

/** The goal question of /openaccount and the products each goal offers. */
export const savingsGoals = {
  'Save for Retirement': ['HSA', 'ROTH IRA', 'Traditional IRA', 'Rollover IRA', 'SEP IRA'],
  'Save for Kids & Education': ['Cash Management Account', 'Custodian Account'],
  'Save for Medical Expense': ['HSA'],
  'Self Employed': ['SEP IRA', 'Self employed 401k'],
  Everything: savingsProductNames,
} as const satisfies Record<string, readonly SavingsProductName[]>;
export type SavingsGoal = keyof typeof savingsGoals;
export const savingsGoalNames = Object.keys(savingsGoals) as SavingsGoal[];

/**
 * The second question: when the money may be needed. Money for any time rules out accounts
 * locked until retirement; money for retirement rules out the short-term ones.
 */
export const savingsHorizons = {
  'Any time': ['HSA', 'Cash Management Account'],
  'In a few years': ['HSA', 'Cash Management Account', 'Custodian Account'],
  'At retirement': ['HSA', 'ROTH IRA', 'Traditional IRA', 'Rollover IRA', 'SEP IRA', 'Self employed 401k'],
  'No preference': savingsProductNames,
} as const satisfies Record<string, readonly SavingsProductName[]>;
export type SavingsHorizon = keyof typeof savingsHorizons;
export const savingsHorizonNames = Object.keys(savingsHorizons) as SavingsHorizon[];

export function productsFor(goal: SavingsGoal, horizon: SavingsHorizon = 'No preference'): SavingsProductName[] {
  const allowed = new Set<SavingsProductName>(savingsHorizons[horizon]);
  return savingsGoals[goal].filter((name) => allowed.has(name));
}

/** Each contribution or cash-out, in the account's currency (a smaller cash-out may empty the account). */
export const savingsAmountLimits = { min: 1000, max: 1_000_000 } as const;

export const savingsRefusals = {
  insufficientCash: walletRefusals.insufficient,
  insufficientSavings: 'You cannot cash out more than the account holds.',
} as const;

/** The refusal of an amount outside the limits, with the amounts as `money` writes them. */
export const savingsRangeMessage = (verb: 'contribution' | 'cash-out', money: (amount: number) => string) =>
  amountRangeMessage(`A ${verb}`, [savingsAmountLimits.min, savingsAmountLimits.max], money);

/** The refusal of a contribution over the yearly room left, as `money` writes it. */
export const savingsRoomMessage = (room: string, year: number, money: (amount: string) => string) =>
  Number(room) <= 0
    ? `You have used this account's contribution limit for ${year}: no room is left this year.`
    : `That is over this account's yearly limit: ${money(room)} of room is left for ${year}.`;
