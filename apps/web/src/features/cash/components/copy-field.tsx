import { useState } from 'react';
import { timing } from '../../../lib/timing';

/** A read-only value with a copy button; 'Copied!' shows for 2 seconds. A failed copy is only logged. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), timing.copiedMs);
    } catch (error) {
      console.warn('copy failed', error);
    }
  };
  return (
    <div>
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <div className="mt-1 flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
        <span className="flex-1 font-mono text-sm break-all text-slate-900">{value}</span>
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
          aria-label={`Copy ${label}`}
        >
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
