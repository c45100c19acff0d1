import { messages, requiredShort } from '@itrust/contracts/auth-rules';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';

export type NewPassword = { password: string; password_confirmation: string };

/** A new password typed twice, and the check made before it is sent. */
export function useNewPassword() {
  const [values, setValues] = useState<NewPassword>({ password: '', password_confirmation: '' });
  const filled = values.password !== '' && values.password_confirmation !== '';
  const problem = (): string | null => {
    const missing = (['password', 'password_confirmation'] as const).find((field) => values[field] === '');
    if (missing) return requiredShort(missing);
    if (values.password !== values.password_confirmation) return messages.passwordsDoNotMatch;
    return null;
  };
  return { values, setValues, filled, problem };
}

export function NewPasswordFields({
  values,
  onChange,
}: {
  values: NewPassword;
  onChange: (values: NewPassword) => void;
}) {
  return (
    <>
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="use 8 or more characters with a mix of letters, numbers & symbols"
        value={values.password}
        onChange={(event) => onChange({ ...values, password: event.target.value })}
      />
      <TextField
        label="Re-enter new password"
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={(event) => onChange({ ...values, password_confirmation: event.target.value })}
      />
    </>
  );
}
