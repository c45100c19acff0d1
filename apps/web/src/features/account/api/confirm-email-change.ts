import type { UserResource } from '@itrust/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const confirmEmailChange = (code: string) =>
  apiRequest<{ user: UserResource }>('/user/profile/email/verify', { method: 'POST', body: { code } });

export const useConfirmEmailChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
};
