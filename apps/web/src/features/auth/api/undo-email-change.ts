import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type UndoEmailChangeBody = { token: string; password: string; password_confirmation: string };

export const undoEmailChange = (body: UndoEmailChangeBody) =>
  apiRequest<Record<string, never>>('/user/profile/email/undo', { method: 'POST', body });

export const useUndoEmailChange = () => useMutation({ mutationFn: undoEmailChange });
