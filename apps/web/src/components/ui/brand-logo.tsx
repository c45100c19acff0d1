import { Link } from 'react-router';

export function BrandLogo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 text-xl font-bold tracking-tight text-brand-800">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M9 22h3V12H9zm5.5 0h3V8h-3zm5.5 0h3v-7h-3z" fill="#34d399" />
      </svg>
      Itrust
    </Link>
  );
}
