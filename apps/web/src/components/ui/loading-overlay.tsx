export function LoadingOverlay({ caption }: { caption: string | null }) {
  if (!caption) return null;
  return (
    <div
      role="status"
      aria-live="assertive"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-brand-900/70 text-white"
    >
      <span aria-hidden="true" className="size-12 animate-spin rounded-full border-4 border-white/30 border-t-white" />
      <p className="text-lg font-semibold">{caption}</p>
    </div>
  );
}
