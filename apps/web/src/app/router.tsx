import type { ComponentType } from 'react';
import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ErrorScreen } from '../components/ui/error-screen';
import { SignInRoute } from '../features/auth/routes/sign-in-route';
import { autoQuery } from '../features/auto/api/auto';
import { transactionsQuery } from '../features/cash/api/wallet';
import { walletsQuery } from '../lib/queries/wallets';
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

const guards = { visitors: VisitorsOnly, token: WithToken };

const authRoute = (
  path: string,
  load: () => Promise<{ Component: ComponentType }>,
  guard?: keyof typeof guards,
): RouteObject => ({
  path,
  lazy: async () => {
    const { Component } = await load();
    const Guard = guard && guards[guard];
    return {
      Component: Guard
        ? () => (
            <Guard>
              <Component />
            </Guard>
          )
        : Component,
    };
  },
});

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
      authRoute('/signup', async () => ({
        Component: (await import('../features/auth/routes/sign-up-route')).SignUpRoute,
      })),
      authRoute('/stepone', async () => ({
        Component: (await import('../features/auth/routes/contact-route')).ContactRoute,
      })),
      authRoute('/steptwo', async () => ({
        Component: (await import('../features/auth/routes/other-information-route')).OtherInformationRoute,
      })),
      authRoute(
        '/verifyemail',
        async () => ({ Component: (await import('../features/auth/routes/verify-email-route')).VerifyEmailRoute }),
        'token',
      ),
      authRoute(
        '/otp',
        async () => ({ Component: (await import('../features/auth/routes/otp-route')).OtpRoute }),
        'token',
      ),
      authRoute('/reset-password', async () => ({
        Component: (await import('../features/auth/routes/reset-password-route')).ResetPasswordRoute,
      })),
      authRoute('/validate-otp', async () => ({
        Component: (await import('../features/auth/routes/validate-otp-route')).ValidateOtpRoute,
      })),
      { path: '/signin', element: <Navigate to="/" replace /> },
      {
        path: '/info/:topic',
        lazy: async () => ({ Component: (await import('../features/info/routes/info-route')).InfoRoute }),
      },
      {
        path: '/admin',
        lazy: async () => ({ Component: (await import('../features/admin/routes/admin-route')).AdminRoute }),
      },
      authRoute('/change-password', async () => ({
        Component: (await import('../features/auth/routes/change-password-route')).ChangePasswordRoute,
      })),
      authRoute('/reset-password-link', async () => ({
        Component: (await import('../features/auth/routes/reset-password-link-route')).ResetPasswordLinkRoute,
      })),
      authRoute('/undo-email-change', async () => ({
        Component: (await import('../features/auth/routes/undo-email-change-route')).UndoEmailChangeRoute,
      })),
      {
        // Every signed-in screen waits for the user (the shell shows it and gates screens by identity)
        // and shows money at the reference rates.
        loader: prefetch(() => [queryClient.query(userQuery()), queryClient.query(fxRatesQuery)]),
        lazy: async () => ({ Component: (await import('./shell/shell-layout')).ShellLayout }),
        children: [
          {
            path: '/portfolio',
            loader: prefetch(() => [queryClient.query(analyticsQuery('1d'))]),
            lazy: async () => ({
              Component: (await import('./routes/portfolio-route')).PortfolioRoute,
            }),
          },
          ...(['user', 'profile', 'security', 'alerts', 'currency', 'kyc'] as const).map((name) => ({
            path: `/${name}`,
            lazy: async () => {
              const { SettingsRoute } = await import('../features/account/routes/settings-route');
              const Settings = () => (name === 'user' ? <SettingsRoute /> : <SettingsRoute panel={name} />);
              return { Component: Settings };
            },
          })),
          {
            path: '/cash',
            loader: prefetch(() => [
              queryClient.query(walletsQuery()),
              queryClient.query(analyticsQuery('1d')),
              queryClient.query(transactionsQuery({ page: 1, perPage: 10, sort: null, descending: false })),
            ]),
            lazy: async () => ({ Component: (await import('../features/cash/routes/cash-route')).CashRoute }),
          },
          ...(['deposit', 'transfer', 'withdraw'] as const).map((name) => ({
            path: `/${name}`,
            lazy: async () => {
              const pages = await import('../features/cash/routes/money-page');
              return {
                Component:
                  name === 'deposit'
                    ? pages.DepositRoute
                    : name === 'transfer'
                      ? pages.TransferRoute
                      : pages.WithdrawRoute,
              };
            },
          })),
          {
            path: '/market',
            loader: prefetch(() => [
              queryClient.query(assetsQuery({ page: 1, perPage: 25, sort: 'name', descending: false })),
              queryClient.query(watchlistQuery()),
              queryClient.query(positionsQuery({ wallet: 'brokerage' })),
              queryClient.query(topMoversQuery()),
            ]),
            lazy: async () => ({ Component: (await import('../features/market/routes/market-route')).MarketRoute }),
          },
          {
            path: '/asset/:assetName/:symbol',
            loader: prefetch(({ symbol = '' }) => [
              queryClient.query(assetQuery(symbol)),
              queryClient.query(positionsQuery({ symbol: symbol.toUpperCase(), wallet: 'brokerage' })),
              queryClient.query(historyQuery(symbol.toUpperCase(), '1d')),
            ]),
            lazy: async () => ({ Component: (await import('../features/market/routes/asset-route')).AssetRoute }),
          },
          {
            path: '/auto',
            loader: prefetch(() => [queryClient.query(autoQuery())]),
            lazy: async () => ({ Component: (await import('../features/auto/routes/auto-route')).AutoRoute }),
          },
          {
            path: '/history',
            lazy: async () => ({
              Component: (await import('./routes/history-route')).HistoryRoute,
            }),
          },
          {
            path: '/savings',
            loader: prefetch(() => [queryClient.query(mySavingsQuery())]),
            lazy: async () => ({
              Component: (await import('../features/savings/routes/savings-route')).SavingsRoute,
            }),
          },
          {
            path: '/openaccount',
            lazy: async () => ({
              Component: (await import('../features/savings/routes/open-account-route')).OpenAccountRoute,
            }),
          },
          {
            path: '/contribute/:walletName',
            lazy: async () => ({
              Component: (await import('../features/savings/routes/savings-money-route')).ContributeRoute,
            }),
          },
          {
            path: '/cashout/:walletName/:balance',
            lazy: async () => ({
              Component: (await import('../features/savings/routes/savings-money-route')).CashOutRoute,
            }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./shell/not-found-in-shell')).NotFoundInShell }),
          },
        ],
      },
    ],
  },
];
