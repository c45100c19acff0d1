/** The error or success line a form shows for 3 seconds; announced to screen readers. */
export function MessageBanner({ error, success }: { error?: string | null; success?: string | null }) {
  if (!error && !success) return <div aria-live="polite" className="sr-only" />;
  return error ? (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {error}
    </p>
  ) : (
    <p
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800"
    >
      {success}
    </p>
  );
}
