import { NavLink } from 'react-router';

export const settingsPanels = [
  { id: 'profile', to: '/profile', label: 'My profile' },
  { id: 'security', to: '/security', label: 'Security' },
  { id: 'alerts', to: '/alerts', label: 'Notification preferences' },
  { id: 'currency', to: '/currency', label: 'Currency preferences' },
  { id: 'kyc', to: '/kyc', label: 'KYC verification' },
] as const;

export type SettingsPanelId = (typeof settingsPanels)[number]['id'];

type SettingsNavigationProps = { active: SettingsPanelId | null; onLogOut: () => void; variant: 'sidebar' | 'list' };

export function SettingsNavigation({ active, onLogOut, variant }: SettingsNavigationProps) {
  const sidebar = variant === 'sidebar';
  return (
    <nav aria-label="Account settings">
      <ul className={sidebar ? 'space-y-1' : 'divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white'}>
        {settingsPanels.map((panel) => (
          <li key={panel.id}>
            <NavLink
              to={panel.to}
              aria-current={active === panel.id ? 'page' : undefined}
              className={
                sidebar
                  ? `block rounded-lg px-4 py-2.5 text-sm font-medium ${active === panel.id ? 'bg-brand-50 text-brand-900' : 'text-slate-700 hover:bg-slate-100'}`
                  : 'flex items-center justify-between px-5 py-4 font-medium text-slate-900'
              }
            >
              {panel.label}
              {!sidebar && <span aria-hidden="true">›</span>}
            </NavLink>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onLogOut}
        className={`mt-4 w-full rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 ${sidebar ? '' : 'bg-white'}`}
      >
        Log out
      </button>
    </nav>
  );
}
