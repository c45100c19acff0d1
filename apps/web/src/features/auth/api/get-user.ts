import type { UserResource } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { fullSession, storeUser } from '../../../lib/storage-keys';

export const userPath = '/user?include=currency';
/** How long an answer counts as fresh: long enough to span a route loader and its screen, no longer. */
export const freshForMs = 2_000;
/** While documents wait for an operator, the screens ask again this often, so an approval opens them. */
export const reviewPollMs = 10_000;

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
    // An operator's decision arrives while the app is open: back on the tab, or while under review.
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.kyc === 'submitted' ? reviewPollMs : false),
  });

export const useUser = () => useQuery(userQuery());

/** The identity status as the server last answered it; undefined until it has answered once. */
export const useKycStatus = (): UserResource['kyc'] | undefined => useUser().data?.kyc;
