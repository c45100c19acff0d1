import { useEffect, useId, useRef, type ReactNode } from 'react';
import { returnFocus } from '../../lib/focus';

type ModalProps = { title: string; onClose: () => void; children: ReactNode };

const focusable =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea, [tabindex="0"]';
/** The dialog's primary control, when it marks one, takes the focus before the first focusable one. */
const preferred = '[data-autofocus]:not(:disabled)';
/** A dialog opened over another (a step-up over a confirmation) takes the keys and the focus until it closes. */
const onTop = (panel: HTMLElement | null) =>
  panel !== null && [...document.querySelectorAll('[aria-modal]')].at(-1) === panel;

export function Modal({ title, onClose, children }: ModalProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Read when a key is pressed, so the focus is taken once: with onClose among the effect's inputs,
  // each new function the screen beneath passes would send the focus back to the first button.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // Found now: by the time the dialog closes, the control that opened it may have left the page.
    const section = previous?.closest('section');
    const onKey = (event: KeyboardEvent) => {
      if (!onTop(panel.current)) return;
      if (event.key === 'Escape') close.current();
      if (event.key !== 'Tab' || !panel.current) return;
      const inside = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
      const first = inside[0];
      const last = inside.at(-1);
      if (!first || !last) return;
      const within = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !within)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !within)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      returnFocus(previous, section);
    };
  }, []);

  // Runs after every render, not only the first: when the content changes (a confirm step becoming
  // its success step), the focused button is gone and the focus would fall to the page beneath.
  useEffect(() => {
    const inside = panel.current;
    if (!inside || !onTop(inside) || inside.contains(document.activeElement)) return;
    (inside.querySelector<HTMLElement>(preferred) ?? inside.querySelector<HTMLElement>(focusable))?.focus();
  });

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/60 p-4 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={id} className="text-lg font-bold text-brand-900 first-letter:uppercase">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
