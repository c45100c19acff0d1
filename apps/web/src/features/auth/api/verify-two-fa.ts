import type { SessionResponse } from '@itrust/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const verifyTwoFa = (code: string) =>
  apiRequest<SessionResponse>('/user/verify-two-fa', { method: 'POST', body: { code } });

export const useVerifyTwoFa = () => useMutation({ mutationFn: verifyTwoFa });
