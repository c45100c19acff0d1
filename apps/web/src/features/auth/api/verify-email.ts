import type { UserResourceResponse } from '@itrust/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const verifyEmail = (code: string) =>
  apiRequest<UserResourceResponse>('/user/email/verify', { method: 'POST', body: { code } });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
