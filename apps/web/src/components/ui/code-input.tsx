import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

export const codeLength = 6;

type CodeInputProps = {
  value: string[];
  onChange: (value: string[]) => void;
  label: string;
  disabled?: boolean;
  /** Smaller boxes on a phone, lined up under a label at their left: a code inside a panel with padding of its own. */
  compact?: boolean;
  /** The id of the message that says why the code was refused: the boxes are then marked invalid. */
  errorId?: string | undefined;
};

export const emptyCode = () => Array<string>(codeLength).fill('');

/**
 * Six one-character boxes (otp1 to otp6): focus moves on after a character (even one the box
 * already held) and back on Backspace in an empty box; pasting a whole code fills every box. On a
 * card too narrow for six full-size boxes they narrow rather than reach past its edge.
 */
export function CodeInput({ value, onChange, label, disabled, compact = false, errorId }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(codeLength - 1, index))]?.focus();

  const setBox = (index: number, text: string) => {
    const next = [...value];
    next[index] = text.slice(0, 1);
    onChange(next);
    if (text) focus(index + 1);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\s/g, '');
    if (pasted.length <= 1) return;
    event.preventDefault();
    const next = [...value];
    for (let offset = 0; offset < pasted.length && index + offset < codeLength; offset += 1)
      next[index + offset] = pasted[offset] ?? '';
    onChange(next);
    focus(index + pasted.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index]) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  return (
    <fieldset
      className={`flex w-full min-w-0 ${compact ? 'justify-start gap-1.5 sm:gap-3' : 'justify-center gap-2'}`}
      disabled={disabled}
    >
      <legend className="sr-only">{label}</legend>
      {value.map((character, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          name={`otp${index + 1}`}
          aria-label={`Digit ${index + 1} of ${codeLength}`}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          value={character}
          onChange={(event) => setBox(index, event.target.value.slice(-1))}
          // Typing over a digit with the same digit changes nothing, so React sends no change: move on all the same.
          onInput={(event) => {
            if (event.currentTarget.value !== '' && event.currentTarget.value === character) focus(index + 1);
          }}
          onPaste={(event) => onPaste(index, event)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          className={`${compact ? 'h-10 max-w-10 text-lg' : 'h-12 max-w-12 text-xl'} w-0 flex-1 rounded-lg border border-slate-300 bg-white text-center font-semibold text-slate-900 shadow-sm focus:border-brand-600 aria-[invalid]:border-red-600 sm:h-14 sm:max-w-14 sm:text-xl`}
        />
      ))}
    </fieldset>
  );
}
