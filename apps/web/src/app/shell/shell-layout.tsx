import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/ui/brand-logo';
import { Button } from '../../components/ui/button';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { MessageBanner } from '../../components/ui/message-banner';
import {
  clearSession,
  fullSession,
  localKeys,
  needsSecondStep,
  readAccessToken,
  readStoredUser,
} from '../../lib/storage-keys';
import { userQuery as currentUserQuery, useUser } from '../../lib/queries/get-user';
import { DesktopNavigation } from './desktop-navigation';
import { OrderNotices } from '../../features/market/components/order-notices';
import { KycBanner } from './kyc-banner';
import { KycGate } from './kyc-gate';
import { MobileNavigation } from './mobile-navigation';
import { needsApprovedIdentity, tabForPath } from './navigation';
import { useChatWidget } from './use-chat-widget';

/**
 * Every signed-in screen: sends a visitor without a session to /, a sign-in that waits for its
 * emailed code to /otp and an unverified email to /verifyemail; then the header, navigation and banners.
 */
export function ShellLayout() {
  const { pathname } = useLocation();
  const token = readAccessToken();
  const userQuery = useUser();
  const user = userQuery.data ?? readStoredUser();
  const queryClient = useQueryClient();
  useChatWidget();

  useEffect(() => {
    localStorage.setItem(localKeys.activeTab, tabForPath(pathname));
    // Every screen change asks the server again (unless it just responded): an approval may have come.
    if (fullSession()) queryClient.query(currentUserQuery()).catch(() => undefined);
  }, [pathname, queryClient]);

  if (!token) {
    clearSession();
    return <Navigate to="/" replace />;
  }
  if (!user && userQuery.isError) {
    // Nothing to show the account with: say why, and let the investor ask again.
    return (
      <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 px-6">
        <MessageBanner error={userQuery.error.message} />
        <Button onClick={() => void userQuery.refetch()} disabled={userQuery.isFetching}>
          {userQuery.isFetching ? 'Trying again…' : 'Try again'}
        </Button>
      </main>
    );
  }
  if (!user) return <LoadingOverlay caption="Wait..." />;
  // A token waiting for the code is refused everywhere else: the code comes first.
  if (needsSecondStep(user)) return <Navigate to="/otp" replace />;
  if (!user.email_verified_at) return <Navigate to="/verifyemail" replace />;
  // Operators come here only for Security, where they set up the strong second step the console asks for.
  if (user.role === 'operator' && pathname !== '/security') return <Navigate to="/admin" replace />;

  // Identity gates follow the server's response only: a stored user may be from before a decision.
  const kyc = userQuery.data?.kyc;
  const approved = kyc === 'approved';
  const gate = () => {
    if (approved || !needsApprovedIdentity(pathname)) return <Outlet />;
    return kyc ? (
      <KycGate kyc={kyc} />
    ) : (
      <p role="status" className="text-sm text-slate-600">
        Loading…
      </p>
    );
  };
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:px-6 lg:h-auto lg:min-h-16 lg:py-3">
          <BrandLogo compact />
          <DesktopNavigation firstName={user.first_name} />
          <MobileNavigation kycApproved={approved} />
        </div>
      </header>
      {(kyc === 'pending' || kyc === 'declined') && <KycBanner />}
      {approved && <OrderNotices />}
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        {gate()}
      </main>
    </div>
  );
}
