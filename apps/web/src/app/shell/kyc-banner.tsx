import { useState } from 'react';
import { Link } from 'react-router';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { localKeys } from '../../lib/storage-keys';

export function KycBanner() {
  const isDesktop = useIsDesktop();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(localKeys.kycBannerDismissed) === 'true');
  if (dismissed) return null;
  return (
    <div
      role="region"
      aria-label="Identity verification"
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 text-sm sm:px-6">
        <p className="flex-1">
          Complete your profile and upload photos of your ID to start investing.{' '}
          <Link to={isDesktop ? '/user' : '/kyc'} className="font-semibold underline">
            Verify your identity.
          </Link>
        </p>
        <button
          type="button"
          aria-label="Dismiss the identity verification banner"
          onClick={() => {
            localStorage.setItem(localKeys.kycBannerDismissed, 'true');
            setDismissed(true);
          }}
          className="-m-1 rounded p-1 leading-none hover:bg-amber-200"
        >
          ✕
        </button>
      </div>
    </div>
  );
}
