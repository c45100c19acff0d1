import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { mainEntries } from './navigation';

/** A top bar with the three main links and a menu that opens the profile link and all five entries full screen. */
export function MobileNavigation({ kycApproved }: { kycApproved: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // The menu covers the screen: Escape closes it, as it would a dialog, and the focus stays on its button.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="lg:hidden">
      <div className="flex items-center gap-1">
        <nav aria-label="Main" className="flex gap-1">
          {mainEntries.slice(0, 3).map((entry) => (
            <NavLink
              key={entry.id}
              to={entry.to}
              className={({ isActive }) =>
                `rounded-md px-2 py-2 text-sm font-semibold ${isActive ? 'text-brand-900 underline underline-offset-4' : 'text-slate-700'}`
              }
            >
              {entry.label}
            </NavLink>
          ))}
        </nav>
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(!open)}
          className="ml-1 rounded-md p-2 text-slate-800 hover:bg-slate-100"
        >
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true" className="text-xl leading-none">
            {open ? '✕' : '☰'}
          </span>
        </button>
      </div>
      {open && (
        <div id="mobile-menu" className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto bg-white px-4 py-6">
          <NavLink
            to="/user"
            onClick={close}
            className="mb-4 block rounded-lg border border-slate-200 px-4 py-3 font-semibold text-brand-800"
          >
            Profile
          </NavLink>
          <nav aria-label="All sections">
            <ul className="space-y-1">
              {mainEntries.map((entry) => (
                <li key={entry.id}>
                  <NavLink
                    to={entry.to}
                    onClick={close}
                    className="block rounded-lg px-4 py-3 text-lg font-semibold text-slate-800 hover:bg-slate-100"
                  >
                    {entry.label}
                  </NavLink>
                  {kycApproved && entry.sections.length > 0 && (
                    <ul className="mb-2 ml-4 flex flex-wrap gap-1">
                      {entry.sections.map((section) => (
                        <li key={section}>
                          <a
                            href={`${entry.to}#${section}`}
                            onClick={close}
                            className="block rounded-md px-3 py-1 text-sm text-slate-600 capitalize hover:bg-slate-100"
                          >
                            {section}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </div>
  );
}
