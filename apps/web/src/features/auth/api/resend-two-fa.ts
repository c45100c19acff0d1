import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const resendTwoFa = () => apiRequest<Record<string, never>>('/user/resend-two-fa', { method: 'POST' });

export const useResendTwoFa = () => useMutation({ mutationFn: resendTwoFa });
