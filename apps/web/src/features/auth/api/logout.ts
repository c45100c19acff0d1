import { apiRequest } from '../../../lib/api-client';

export const logout = () => apiRequest<Record<string, never>>('/user/logout', { method: 'POST' });
