import type { ProfileUpdateRequest, UserResourceResponse } from '@itrust/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export const updateProfile = (body: ProfileUpdateRequest) =>
  apiRequest<UserResourceResponse>('/user/profile', { method: 'POST', body: { ...body, _method: 'PATCH' } });

/** Saves, then shows the new data by refetching the user: no page reload. */
export const useUpdateProfile = () => useRefreshingMutation(updateProfile, ['user']);
