import type { KeyboardEvent } from 'react';

const steps: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => (index >= last ? 0 : index + 1),
  ArrowDown: (index, last) => (index >= last ? 0 : index + 1),
  ArrowLeft: (index, last) => (index <= 0 ? last : index - 1),
  ArrowUp: (index, last) => (index <= 0 ? last : index - 1),
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * The arrow keys, Home and End in a tab list or a radio group (the WAI-ARIA pattern: one stop in
 * the Tab order, arrows move between the choices): moves the focus to the choice the key names and
 * returns it; undefined for any other key. `event` is the keydown on the list itself.
 */
export function choiceFromKey<T>(event: KeyboardEvent<HTMLElement>, options: readonly T[], current: T): T | undefined {
  const step = steps[event.key];
  if (!step || options.length === 0) return undefined;
  event.preventDefault();
  const next = step(Math.max(0, options.indexOf(current)), options.length - 1);
  event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"], [role="radio"]')[next]?.focus();
  return options[next];
}
