import type { UserResource } from '@itrust/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type EmailChangeCodes = { new_email_code: string; current_email_code: string };

export const confirmEmailChange = (codes: EmailChangeCodes) =>
  apiRequest<{ user: UserResource }>('/user/profile/email/verify', { method: 'POST', body: codes });

export const useConfirmEmailChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
};
