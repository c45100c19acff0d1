import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const forgotPassword = (email: string) =>
  apiRequest<Record<string, never>>('/user/password/forgot', { method: 'POST', body: { email } });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
