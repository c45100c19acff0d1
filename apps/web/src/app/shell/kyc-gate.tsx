import { Link } from 'react-router';
import { useIsDesktop } from '../../hooks/use-is-desktop';

/** Shown instead of a screen that needs an approved identity. */
export function KycGate({ kyc }: { kyc: string }) {
  const isDesktop = useIsDesktop();
  const submitted = kyc === 'submitted';
  return (
    <section
      aria-labelledby="kyc-gate-title"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <h1 id="kyc-gate-title" className="text-2xl font-bold text-brand-900">
        Identity verification needed
      </h1>
      <p className="mt-3 text-slate-700">
        {submitted
          ? 'We are reviewing your documents. Trading, savings and history open as soon as your identity is approved.'
          : 'To trade, save and see your history, we need to confirm who you are: add your details and photos of an identity document.'}
      </p>
      {!submitted && (
        <Link
          to={isDesktop ? '/user' : '/kyc'}
          className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Verify your identity
        </Link>
      )}
      <p className="mt-4">
        <Link to="/portfolio" className="text-sm font-medium text-brand-700 underline">
          Back to your portfolio
        </Link>
      </p>
    </section>
  );
}
