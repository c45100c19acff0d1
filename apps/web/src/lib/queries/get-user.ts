import type { UserResource, UserResourceResponse, UserResponse, UserWithIncludes } from '@itrust/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api-client';
import { fullSession, storeUser } from '../storage-keys';

/** While documents wait for an operator, the screens ask again this often, so an approval opens them. */
export const reviewPollMs = 10_000;

export const getUser = async (): Promise<UserResource> => {
  const { user } = await apiData<UserResourceResponse>('/user?include=currency');
  storeUser(user);
  return user;
};

/** One related record of the user; the server adds each include asked for. */
export async function userInclude<K extends 'wallet' | 'savings' | 'transactions'>(
  include: K,
): Promise<NonNullable<UserWithIncludes[K]>> {
  const record = (await apiData<UserResponse>(`/user?include=${include}`)).user[include];
  if (record == null) throw new Error(`The user came without ${include}.`);
  return record;
}

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
