import type { AssetDividendsResponse, DividendIncomeResponse, DividendSettingsResponse } from '@itrust/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../api-client';
import { useIdempotentMutation } from '../use-idempotent-mutation';

/** A stock's upcoming dividends and those of the past year, per share in US dollars. */
export const useAssetDividends = (symbol: string, enabled: boolean) =>
  useQuery({
    queryKey: ['asset-dividends', symbol],
    queryFn: () => apiData<AssetDividendsResponse>(`/assets/${encodeURIComponent(symbol)}/dividends`),
    enabled,
  });

/** The caller's dividend income, in the settlement currency, with the latest payments. */
export const useDividendIncome = () =>
  useQuery({ queryKey: ['dividends'], queryFn: () => apiData<DividendIncomeResponse>('/user/dividends') });

export const useDividendSettings = () =>
  useQuery({
    queryKey: ['dividend-settings'],
    queryFn: () => apiData<DividendSettingsResponse>('/user/dividends/settings'),
  });

export const useSetReinvest = () =>
  useIdempotentMutation(
    (reinvest: boolean, headers) =>
      apiRequest<DividendSettingsResponse>('/user/dividends/settings', {
        method: 'PUT',
        body: { reinvest },
        headers,
      }),
    ['dividend-settings'],
  );

/** A calendar date of the schedule (the stocks' day is the UTC day), as '10 Dec 2026'. */
export const dividendDate = (isoDate: string) =>
  new Date(isoDate).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
