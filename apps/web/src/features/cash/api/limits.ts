import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery } from '../../../lib/client-config';

/** The money limits the server enforces, shown beside the forms. */
export const useLimits = () => useQuery({ ...clientConfigQuery, select: (config) => config.limits });
