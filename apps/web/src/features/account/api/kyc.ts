import type { EmptyResponse } from '@itrust/contracts';
import type { IdType } from '@itrust/contracts/kyc-rules';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

export type KycForm = { idType: IdType; idNumber: string; front: File; back: File };

export const submitKyc = ({ idType, idNumber, front, back }: KycForm) => {
  const body = new FormData();
  body.append('_method', 'PATCH');
  body.append('id_type', idType);
  body.append('id_number', idNumber);
  body.append('front_id', front);
  body.append('back_id', back);
  return apiRequest<EmptyResponse>('/user/profile/kyc', { method: 'POST', body });
};

export const cancelKyc = () => apiRequest<EmptyResponse>('/user/profile/kyc', { method: 'PATCH' });

export const useSubmitKyc = () => useRefreshingMutation(submitKyc, ['user']);
export const useCancelKyc = () => useRefreshingMutation(cancelKyc, ['user']);
