import { useState, type ChangeEvent } from 'react';

type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** What a text field takes from its form. */
export type FieldProps = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
};

type Options<T> = {
  /** Hears every change, with the names it changed (to store a step, or to clear a refused field's message). */
  onChange?: (next: T, changed: string[]) => void;
  /** The message a field shows, such as the server's for a field it refused. */
  errorOf?: (name: TextKey<T>) => string | undefined;
};

/** A form's values, and what each of its text fields takes from them: name, value, error and change handler. */
export function useFormValues<T extends object>(initial: T | (() => T), { onChange, errorOf }: Options<T> = {}) {
  const [values, setValues] = useState(initial);
  const set = (changes: Partial<T>) => {
    const next = { ...values, ...changes };
    setValues(next);
    onChange?.(next, Object.keys(changes));
  };
  const field = (name: TextKey<T>): FieldProps => ({
    name,
    value: values[name] as string,
    error: errorOf?.(name),
    onChange: (event) => set({ [name]: event.target.value } as Partial<T>),
  });
  return { values, setValues, set, field };
}
