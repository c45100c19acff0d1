import type { LoginResponse } from '@itrust/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const login = (body: { login: string; password: string }) =>
  apiRequest<LoginResponse>('/user/login', { method: 'POST', body });

export const useLogin = () => useMutation({ mutationFn: login });
