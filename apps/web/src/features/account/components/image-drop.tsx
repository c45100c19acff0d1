import { kycImageMaxBytes, kycMessages } from '@itrust/contracts/kyc-rules';
import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';

const accepted = ['image/jpeg', 'image/png', 'image/webp'];

type ImageDropProps = {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Said when the form was refused without this image (or the server refused it). */
  missing?: string | undefined;
};

/** A drop area for one ID image (one file), with a preview; the server checks the content again. */
export function ImageDrop({ label, file, onChange, missing }: ImageDropProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const take = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!accepted.includes(candidate.type)) {
      setError(kycMessages.notAnImage);
      return;
    }
    if (candidate.size > kycImageMaxBytes) {
      setError(kycMessages.tooLarge);
      return;
    }
    setError(null);
    onChange(candidate);
  };
  // A file refused here says why at once; otherwise what the form says is missing.
  const message = error ?? missing;
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div>
      {/* Before the drop area, which shows this input's focus and state through Tailwind's `peer`. */}
      <input
        id={id}
        type="file"
        accept={accepted.join(',')}
        className="peer sr-only"
        aria-label={label}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => take(event.target.files?.[0])}
      />
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`peer-focus:ring-brand-600 flex min-h-44 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center text-sm peer-focus:ring-2 peer-focus:ring-offset-2 ${dragging ? 'border-brand-600 bg-brand-50' : message ? 'border-red-400 bg-red-50/40 hover:bg-red-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100'}`}
      >
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="max-h-32 rounded-md object-contain" />
        ) : (
          <span className="font-semibold text-slate-800">{label}</span>
        )}
        <span className="text-slate-600">{file ? file.name : 'Drop an image here or choose one'}</span>
        <span className="text-xs text-slate-500">Maximum size of image 2MB · JPEG, PNG or WebP</span>
      </label>
      {message && (
        <p id={`${id}-error`} role={error ? 'alert' : undefined} className="mt-1 text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
