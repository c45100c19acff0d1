import type { UserResource } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { readAccessToken, storeUser } from '../../../lib/storage-keys';

export const getUser = async (): Promise<UserResource> => {
  const { user } = await apiData<{ user: UserResource }>('/user?include=currency');
  storeUser(user);
  return user;
};

export const userQuery = () =>
  queryOptions({ queryKey: ['user'], queryFn: getUser, enabled: readAccessToken() !== null });

export const useUser = () => useQuery(userQuery());
