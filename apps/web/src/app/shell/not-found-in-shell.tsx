import { Link, useLocation } from 'react-router';

/** An unknown address inside the signed-in app: the default error screen's words, with the way back. */
export function NotFoundInShell() {
  const { pathname } = useLocation();
  return (
    <section role="alert" className="mx-auto max-w-xl py-10">
      <h1 className="text-3xl font-bold text-red-700">Unexpected Application Error!</h1>
      <p className="mt-3 text-lg text-slate-700">404 Not Found</p>
      <p className="mt-1 text-sm text-slate-600">There is no page at {pathname}.</p>
      <Link to="/portfolio" className="mt-6 inline-block font-medium text-brand-700 underline">
        Back to your portfolio
      </Link>
    </section>
  );
}
