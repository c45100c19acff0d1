import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';

/** The 3-second success and error lines of every settings form, fed by a save. */
export function useSaveFeedback() {
  const success = useFlash();
  const error = useFlash();
  const run = async (save: () => Promise<{ message: string }>) => {
    error.clear();
    success.clear();
    try {
      success.show((await save()).message);
      return true;
    } catch (failure) {
      error.show(failure instanceof ApiError ? failure.message : 'An error occurred.');
      return false;
    }
  };
  return { success: success.message, error: error.message, showError: error.show, run };
}
