import { Link } from 'react-router';
import { clearSession, readAccessToken } from '../../lib/storage-keys';

/** The logo goes to /portfolio when signed in; signed out it clears both storages and goes to /. */
export function BrandLogo({ compact = false }: { compact?: boolean }) {
  const signedIn = readAccessToken() !== null;
  return (
    <Link
      to={signedIn ? '/portfolio' : '/'}
      onClick={() => {
        if (!signedIn) clearSession();
      }}
      className="inline-flex items-center gap-2 text-xl font-bold tracking-tight text-brand-800"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M9 22h3V12H9zm5.5 0h3V8h-3zm5.5 0h3v-7h-3z" fill="#34d399" />
      </svg>
      <span className={compact ? 'sr-only sm:not-sr-only' : ''}>Itrust</span>
    </Link>
  );
}
