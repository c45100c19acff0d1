import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * What the server's password rules say of a new password (its list of common passwords is too big
 * to send to the browser); undefined when it can be used. When the check cannot be made, sign-up
 * goes on: the server applies the same rules when the account is created.
 */
async function passwordProblem(password: string): Promise<string | undefined> {
  try {
    await apiRequest<Record<string, never>>('/user/password/check', { method: 'POST', body: { password } });
    return undefined;
  } catch (failure) {
    return failure instanceof ApiError ? failure.errors['password']?.[0] : undefined;
  }
}

export const useCheckPassword = () => useMutation({ mutationFn: passwordProblem });
