import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordLinkBody = { token: string; password: string; password_confirmation: string };

export const resetPasswordWithLink = (body: ResetPasswordLinkBody) =>
  apiRequest<Record<string, never>>('/user/password/reset-link', { method: 'POST', body });

export const useResetPasswordWithLink = () => useMutation({ mutationFn: resetPasswordWithLink });
