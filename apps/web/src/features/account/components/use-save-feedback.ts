import { useEffect, useRef, useState } from 'react';
import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';

/**
 * The 3-second success and error lines of every settings form, fed by a save, and the server's
 * message for each field it refused, which stays beside that field until the field is changed.
 */
export function useSaveFeedback() {
  const success = useFlash();
  const error = useFlash();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // Counts refused saves: the focus moves after one, not while fields are being corrected.
  const [refusals, setRefusals] = useState(0);
  const run = async (save: () => Promise<{ message: string }>) => {
    error.clear();
    success.clear();
    setFieldErrors({});
    try {
      success.show((await save()).message);
      return true;
    } catch (failure) {
      error.show(failure instanceof ApiError ? failure.message : 'An error occurred.');
      if (failure instanceof ApiError) {
        setRefusals((count) => count + 1);
        setFieldErrors(
          Object.fromEntries(
            Object.entries(failure.errors).flatMap(([field, [first]]) => (first ? [[field, first]] : [])),
          ),
        );
      }
      return false;
    }
  };
  const fieldError = (field: string) => fieldErrors[field];
  const clearField = (...fields: string[]) =>
    setFieldErrors((current) =>
      fields.some((field) => field in current)
        ? Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field)))
        : current,
    );
  return {
    success: success.message,
    error: error.message,
    showError: error.show,
    run,
    fieldError,
    clearField,
    /** For useFormValues: each field shows the server's message for it until it is changed. */
    fields: { errorOf: fieldError, onChange: (_next: unknown, changed: string[]) => clearField(...changed) },
    refusals,
  };
}

/**
 * A form's ref that, after each refused save (`refusals` counts them), moves the focus to the
 * first field marked invalid, whose message a screen reader then reads.
 */
export function useFocusAfterRefusal(refusals: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return formRef;
}
