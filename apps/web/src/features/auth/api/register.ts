import type { RegisterRequest, SessionResponse } from '@itrust/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const register = (body: RegisterRequest) =>
  apiRequest<SessionResponse>('/user/register', { method: 'POST', body });

export const useRegister = () => useMutation({ mutationFn: register });
