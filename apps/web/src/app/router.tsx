import type { ComponentType } from 'react';
import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ErrorScreen } from '../components/ui/error-screen';
import { SignInRoute } from '../features/auth/routes/sign-in-route';
import { autoQuery } from '../features/auto/api/auto';
import { transactionsQuery } from '../features/cash/api/wallet';
import { walletsQuery } from '../lib/queries/wallets';
import { schedulesQuery } from '../lib/queries/schedules';
import { assetQuery } from '../features/market/api/get-asset';
import { assetsQuery } from '../features/market/api/get-assets';
import { historyQuery } from '../features/market/api/get-history';
import { topMoversQuery } from '../features/market/api/get-top-movers';
import { analyticsQuery } from '../lib/queries/analytics';
import { mySavingsQuery } from '../features/savings/api/savings';
import { positionsQuery, watchlistQuery } from '../features/market/api/trading';
import { userQuery } from '../lib/queries/get-user';
import { fxRatesQuery } from '../lib/fx-rates';
import { fullSession } from '../lib/storage-keys';
import { VisitorsOnly, WithToken } from './guards';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';

/** A screen whose code downloads when it is first opened. */
const screen = (
  path: string,
  load: () => Promise<ComponentType>,
  { withToken = false, loader }: { withToken?: boolean; loader?: RouteObject['loader'] } = {},
): RouteObject => ({
  path,
  ...(loader && { loader }),
  lazy: async () => {
    const Screen = await load();
    return {
      Component: withToken
        ? () => (
            <WithToken>
              <Screen />
            </WithToken>
          )
        : Screen,
    };
  },
});

/** The screens outside the signed-in shell that need no guard. */
const visitorScreens: Record<string, () => Promise<ComponentType>> = {
  '/signup': async () => (await import('../features/auth/routes/sign-up-route')).SignUpRoute,
  '/stepone': async () => (await import('../features/auth/routes/contact-route')).ContactRoute,
  '/steptwo': async () => (await import('../features/auth/routes/other-information-route')).OtherInformationRoute,
  '/reset-password': async () => (await import('../features/auth/routes/reset-password-route')).ResetPasswordRoute,
  '/validate-otp': async () => (await import('../features/auth/routes/validate-otp-route')).ValidateOtpRoute,
  '/info/:topic': async () => (await import('../features/info/routes/info-route')).InfoRoute,
  '/admin': async () => (await import('../features/admin/routes/admin-route')).AdminRoute,
  '/change-password': async () => (await import('../features/auth/routes/change-password-route')).ChangePasswordRoute,
  '/reset-password-link': async () =>
    (await import('../features/auth/routes/reset-password-link-route')).ResetPasswordLinkRoute,
  '/undo-email-change': async () =>
    (await import('../features/auth/routes/undo-email-change-route')).UndoEmailChangeRoute,
};

/**
 * A signed-in route's loader: it asks for the reads the screen shows first while the screen's code
 * downloads, instead of once that code has run; the screen shows its own loading state until they arrive.
 */
const prefetch =
  (start: (params: LoaderFunctionArgs['params']) => Promise<unknown>[]) =>
  ({ params }: LoaderFunctionArgs) => {
    // The screen's own query reports a failure; here it is nobody's error.
    if (fullSession()) for (const read of start(params)) read.catch(() => undefined);
    return null;
  };

/** The app's routes; main.tsx runs them in the browser, the build renders `/` from them. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <ErrorScreen />,
    // Shown while a screen opened directly (not `/`) fetches its code.
    hydrateFallbackElement: (
      <p role="status" className="p-6 text-sm text-slate-600">
        Loading…
      </p>
    ),
    children: [
      // The landing screen ships in the entry: no second round trip before the first paint.
      {
        path: '/',
        element: (
          <VisitorsOnly>
            <SignInRoute />
          </VisitorsOnly>
        ),
      },
      ...Object.entries(visitorScreens).map(([path, load]) => screen(path, load)),
      screen(
        '/verifyemail',
        async () => (await import('../features/auth/routes/verify-email-route')).VerifyEmailRoute,
        { withToken: true },
      ),
      screen('/otp', async () => (await import('../features/auth/routes/otp-route')).OtpRoute, { withToken: true }),
      { path: '/signin', element: <Navigate to="/" replace /> },
      {
        // Every signed-in screen waits for the user (the shell shows it and gates screens by identity)
        // and shows money at the reference rates.
        loader: prefetch(() => [queryClient.query(userQuery()), queryClient.query(fxRatesQuery)]),
        lazy: async () => ({ Component: (await import('./shell/shell-layout')).ShellLayout }),
        children: [
          screen('/portfolio', async () => (await import('./routes/portfolio-route')).PortfolioRoute, {
            loader: prefetch(() => [queryClient.query(analyticsQuery('1d'))]),
          }),
          ...(['user', 'profile', 'security', 'alerts', 'currency', 'kyc'] as const).map((name) =>
            screen(`/${name}`, async () => {
              const { SettingsRoute } = await import('../features/account/routes/settings-route');
              return () => (name === 'user' ? <SettingsRoute /> : <SettingsRoute panel={name} />);
            }),
          ),
          screen('/cash', async () => (await import('../features/cash/routes/cash-route')).CashRoute, {
            loader: prefetch(() => [
              queryClient.query(walletsQuery()),
              queryClient.query(analyticsQuery('1d')),
              queryClient.query(transactionsQuery({ page: 1, perPage: 10, sort: null, descending: false })),
            ]),
          }),
          screen('/deposit', async () => (await import('../features/cash/routes/money-page')).DepositRoute),
          screen('/transfer', async () => (await import('../features/cash/routes/money-page')).TransferRoute),
          screen('/withdraw', async () => (await import('../features/cash/routes/money-page')).WithdrawRoute),
          screen('/market', async () => (await import('../features/market/routes/market-route')).MarketRoute, {
            loader: prefetch(() => [
              queryClient.query(assetsQuery({ page: 1, perPage: 25, sort: 'name', descending: false })),
              queryClient.query(watchlistQuery()),
              queryClient.query(positionsQuery({ wallet: 'brokerage' })),
              queryClient.query(topMoversQuery()),
            ]),
          }),
          screen(
            '/asset/:assetName/:symbol',
            async () => (await import('../features/market/routes/asset-route')).AssetRoute,
            {
              loader: prefetch(({ symbol = '' }) => [
                queryClient.query(assetQuery(symbol)),
                queryClient.query(positionsQuery({ symbol: symbol.toUpperCase(), wallet: 'brokerage' })),
                queryClient.query(historyQuery(symbol.toUpperCase(), '1d')),
              ]),
            },
          ),
          screen('/auto', async () => (await import('../features/auto/routes/auto-route')).AutoRoute, {
            loader: prefetch(() => [queryClient.query(autoQuery())]),
          }),
          screen('/history', async () => (await import('./routes/history-route')).HistoryRoute),
          screen('/recurring', async () => (await import('./routes/recurring-route')).RecurringRoute, {
            loader: prefetch(() => [queryClient.query(schedulesQuery())]),
          }),
          screen('/savings', async () => (await import('../features/savings/routes/savings-route')).SavingsRoute, {
            loader: prefetch(() => [queryClient.query(mySavingsQuery())]),
          }),
          screen(
            '/openaccount',
            async () => (await import('../features/savings/routes/open-account-route')).OpenAccountRoute,
          ),
          screen(
            '/contribute/:walletName',
            async () => (await import('../features/savings/routes/savings-money-route')).ContributeRoute,
          ),
          screen(
            '/cashout/:walletName/:balance',
            async () => (await import('../features/savings/routes/savings-money-route')).CashOutRoute,
          ),
          screen('*', async () => (await import('./shell/not-found-in-shell')).NotFoundInShell),
        ],
      },
    ],
  },
];
