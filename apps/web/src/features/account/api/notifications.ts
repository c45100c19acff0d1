import type { NotificationPreferences, NotificationsResponse } from '@itrust/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export const getNotifications = async () => (await apiData<NotificationsResponse>('/user/notifications')).notifications;

export const notificationsQuery = () => queryOptions({ queryKey: ['notifications'], queryFn: getNotifications });

export const useNotifications = () => useQuery(notificationsQuery());

export const updateNotifications = async (changes: Partial<NotificationPreferences>) =>
  (await apiData<NotificationsResponse>('/user/notifications', { method: 'PATCH', body: changes })).notifications;

export const useUpdateNotifications = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: (saved) => queryClient.setQueryData(['notifications'], saved),
  });
};
