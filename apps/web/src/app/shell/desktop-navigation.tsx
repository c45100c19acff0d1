import { NavLink, useLocation } from 'react-router';
import { ClockIcon, WalletIcon } from '../../components/ui/icons';
import { mainEntries } from './navigation';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-700 hover:bg-slate-100'}`;
const buttonClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold ${isActive ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-300 text-slate-700 hover:bg-slate-100'}`;

/** Three groups (portfolio, market, savings), then cash and history as bordered buttons, then the profile link. */
export function DesktopNavigation({ firstName }: { firstName: string }) {
  const { pathname } = useLocation();
  const groups = mainEntries.slice(0, 3);
  const active = groups.find((group) => pathname.startsWith(group.to));

  return (
    <div className="hidden lg:block">
      <nav aria-label="Main" className="flex items-center gap-2">
        {groups.map((group) => (
          <NavLink key={group.id} to={group.to} className={linkClass}>
            {group.label}
          </NavLink>
        ))}
        <span className="mx-2 h-6 w-px bg-slate-200" aria-hidden="true" />
        <NavLink to="/cash" className={buttonClass}>
          <WalletIcon /> Cash
        </NavLink>
        <NavLink to="/history" className={buttonClass}>
          <ClockIcon /> History
        </NavLink>
        <NavLink to="/user" className={linkClass}>
          <span className="sr-only">Profile: </span>
          {firstName}
        </NavLink>
      </nav>
      {active && active.sections.length > 0 && (
        <nav aria-label={`${active.label} sections`} className="mt-2 flex gap-1">
          {active.sections.map((section) => (
            <a
              key={section}
              href={`${active.to}#${section}`}
              className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 capitalize hover:bg-slate-100 hover:text-slate-900"
            >
              {section}
            </a>
          ))}
        </nav>
      )}
    </div>
  );
}
