import type { UserResourceResponse } from '@itrust/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export type EmailChangeCodes = { new_email_code: string; current_email_code: string };

export const confirmEmailChange = (codes: EmailChangeCodes) =>
  apiRequest<UserResourceResponse>('/user/profile/email/verify', { method: 'POST', body: codes });

export const useConfirmEmailChange = () => useRefreshingMutation(confirmEmailChange, ['user']);
