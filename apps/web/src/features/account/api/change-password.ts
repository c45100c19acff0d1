import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type PasswordChange = { old_password: string; new_password: string; new_password_confirmation: string };

export const changePassword = (body: PasswordChange) =>
  apiRequest<Record<string, never>>('/user/profile/password', { method: 'POST', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
