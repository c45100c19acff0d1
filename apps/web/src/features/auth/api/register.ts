import type { RegisterRequest, SessionAnswer } from '@itrust/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const register = (body: RegisterRequest) =>
  apiRequest<SessionAnswer>('/user/register', { method: 'POST', body });

export const useRegister = () => useMutation({ mutationFn: register });
