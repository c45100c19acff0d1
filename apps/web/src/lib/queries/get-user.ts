import type { UserResource } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';
import { fullSession, storeUser } from '../storage-keys';

/** While documents wait for an operator, the screens ask again this often, so an approval opens them. */
export const reviewPollMs = 10_000;

export const getUser = async (): Promise<UserResource> => {
  const { user } = await apiData<{ user: UserResource }>('/user?include=currency');
  storeUser(user);
  return user;
};

export const userQuery = () =>
  queryOptions({
    queryKey: ['user'],
    queryFn: getUser,
    // A token waiting for the second step is refused (403): the screens use the user the sign-in stored.
    enabled: fullSession(),
    // An operator's decision arrives while the app is open: back on the tab, or while under review.
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.kyc === 'submitted' ? reviewPollMs : false),
  });

export const useUser = () => useQuery(userQuery());

/** The identity status in the server's last response; undefined until the first response. */
export const useKycStatus = (): UserResource['kyc'] | undefined => useUser().data?.kyc;
