import type { SessionResponse } from '@itrust/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const verifyRecoveryCode = (code: string) =>
  apiRequest<SessionResponse>('/user/verify-two-fa/recovery', { method: 'POST', body: { code } });

export const useVerifyRecoveryCode = () => useMutation({ mutationFn: verifyRecoveryCode });
