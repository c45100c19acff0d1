import type { ProfileUpdateRequest, UserResource } from '@itrust/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const updateProfile = (body: ProfileUpdateRequest) =>
  apiRequest<{ user: UserResource }>('/user/profile', { method: 'POST', body: { ...body, _method: 'PATCH' } });

/** Saves, then shows the new data by refetching the user: no page reload. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
};
