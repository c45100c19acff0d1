import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const resendEmail = () => apiRequest<Record<string, never>>('/user/email/resend', { method: 'POST' });

export const useResendEmail = () => useMutation({ mutationFn: resendEmail });
