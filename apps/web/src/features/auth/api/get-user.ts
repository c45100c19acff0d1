import type { UserResource } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { fullSession, storeUser } from '../../../lib/storage-keys';

export const userPath = '/user?include=currency';
/** How long an answer counts as fresh: long enough to span a route loader and its screen, no longer. */
export const freshForMs = 2_000;

export const getUser = async (): Promise<UserResource> => {
  const { user } = await apiData<{ user: UserResource }>(userPath);
  storeUser(user);
  return user;
};

export const userQuery = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: getUser,
    // A token waiting for the second step is refused (403): the screens use the user the sign-in stored.
    enabled: fullSession(),
    // A route loader's answer is still fresh when its screen mounts a moment later.
    staleTime: freshForMs,
  });

export const useUser = () => useQuery(userQuery());
