import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const verifyResetCode = (body: { email: string; code: string }) =>
  apiRequest<Record<string, never>>('/user/password/verify', { method: 'POST', body });

export const useVerifyResetCode = () => useMutation({ mutationFn: verifyResetCode });
