import type { UserResource } from '@itrust/contracts';
import { Link } from 'react-router';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { useUser } from '../../../lib/queries/get-user';
import { useSignOut } from '../../../lib/use-sign-out';
import { AuthenticatorPanel } from '../components/authenticator-panel';
import { CurrencyPanel } from '../components/currency-panel';
import { KycPanel } from '../components/kyc-panel';
import { NotificationsPanel } from '../components/notifications-panel';
import { ProfilePanel } from '../components/profile-panel';
import { SecurityPanel } from '../components/security-panel';
import { SettingsNavigation, settingsPanels, type SettingsPanelId } from '../components/settings-navigation';

function PanelFor({ id, user }: { id: SettingsPanelId; user: UserResource }) {
  if (id === 'profile') return <ProfilePanel key={user.id} user={user} />;
  if (id === 'security')
    return (
      <div className="space-y-6">
        <SecurityPanel user={user} />
        <AuthenticatorPanel />
      </div>
    );
  if (id === 'alerts') return <NotificationsPanel />;
  if (id === 'currency') return <CurrencyPanel key={user.id} user={user} />;
  return <KycPanel user={user} />;
}

/**
 * The settings hub. /user on a desktop shows the sidebar and a panel (KYC first while it is
 * pending); on a phone /user is the list of links and each panel has its own address.
 */
export function SettingsRoute({ panel }: { panel?: SettingsPanelId }) {
  const user = useUser();
  const isDesktop = useIsDesktop();
  const { caption, signOut } = useSignOut();
  const active: SettingsPanelId | null =
    panel ?? (isDesktop ? (user.data?.kyc === 'pending' ? 'kyc' : 'profile') : null);
  useDocumentTitle(settingsPanels.find((entry) => entry.id === active)?.label ?? 'Account');

  const heading = user.data ? (
    <div className="mb-5">
      <p className="text-lg font-bold text-brand-900">
        {user.data.first_name} {user.data.last_name}
      </p>
      <p className="text-sm text-slate-600">@{user.data.username}</p>
    </div>
  ) : null;

  // The panel keeps its place in the tree in both layouts: crossing the breakpoint (a turned tablet,
  // a narrowed window) must not throw away what the investor has typed into it.
  return (
    <div>
      <LoadingOverlay caption={caption} />
      <h1 className="sr-only">Account settings</h1>
      {user.isError && <MessageBanner error={user.error.message} />}
      <div className={isDesktop ? 'grid grid-cols-[16rem_1fr] gap-8' : undefined}>
        {isDesktop ? (
          <aside>
            {heading}
            <SettingsNavigation variant="sidebar" active={active} onLogOut={signOut} />
          </aside>
        ) : active ? (
          <Link to="/user" className="mb-4 inline-block text-sm font-semibold text-brand-700">
            ← Go back
          </Link>
        ) : (
          <div>
            {heading}
            <SettingsNavigation variant="list" active={null} onLogOut={signOut} />
          </div>
        )}
        {(isDesktop || active) && (
          <div>
            {user.data && active ? (
              <PanelFor id={active} user={user.data} />
            ) : (
              <p className="text-slate-600">Loading…</p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
