import type { Place } from '../../../components/place-fields';
import { sessionKeys } from '../../../lib/storage-keys';

export const accountFields = [
  'first_name',
  'last_name',
  'email',
  'username',
  'password',
  'password_confirmation',
] as const;
export type AccountStep = Record<(typeof accountFields)[number], string>;

export type ContactStep = Place & { phone: string; address: string; zipcode: string };

const emptyAccount = Object.fromEntries(accountFields.map((field) => [field, ''])) as AccountStep;
const emptyContact: ContactStep = {
  phone: '',
  address: '',
  country_id: null,
  state_id: null,
  city: null,
  zipcode: '',
};

// Passwords stay in memory only: never written to browser storage.
let passwords = { password: '', password_confirmation: '' };

function read<T>(key: string, fallback: T): T {
  try {
    const stored = sessionStorage.getItem(key);
    return stored ? { ...fallback, ...(JSON.parse(stored) as Partial<T>) } : fallback;
  } catch {
    return fallback;
  }
}

export function readAccountStep(): AccountStep {
  return { ...read(sessionKeys.signUpAccount, emptyAccount), ...passwords };
}

export function saveAccountStep({ password, password_confirmation, ...withoutPasswords }: AccountStep): void {
  passwords = { password, password_confirmation };
  sessionStorage.setItem(sessionKeys.signUpAccount, JSON.stringify(withoutPasswords));
}

/** The contact step lives in session storage under contactInfo between sign-up steps. */
export function readContactStep(): ContactStep {
  return read(sessionKeys.contactInfo, emptyContact);
}

export function saveContactStep(step: ContactStep): void {
  sessionStorage.setItem(sessionKeys.contactInfo, JSON.stringify(step));
}

export function accountStepComplete(): boolean {
  const account = readAccountStep();
  return accountFields.every((field) => account[field] !== '');
}

export function clearSignUp(): void {
  passwords = { password: '', password_confirmation: '' };
  sessionStorage.removeItem(sessionKeys.signUpAccount);
  sessionStorage.removeItem(sessionKeys.contactInfo);
}
