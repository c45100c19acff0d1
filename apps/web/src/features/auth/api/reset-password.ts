import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordBody = { email: string; code: string; password: string; password_confirmation: string };

export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<Record<string, never>>('/user/password/reset', { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
