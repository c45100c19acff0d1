import type { KeyboardEvent } from 'react';

type Step = (index: number, last: number) => number;
const forward: Step = (index, last) => (index >= last ? 0 : index + 1);
const back: Step = (index, last) => (index <= 0 ? last : index - 1);
const steps: Record<string, Step> = {
  ArrowRight: forward,
  ArrowDown: forward,
  ArrowLeft: back,
  ArrowUp: back,
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * The keydown handler of a tab list or a radio group (the WAI-ARIA pattern: one stop in the Tab
 * order, the arrow keys, Home and End move between the choices): moves the focus to the choice the
 * key names and chooses it. `options` are in the order of the list's buttons.
 */
export function onArrowKeys<T>(options: readonly T[], current: T, choose: (next: T) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const step = steps[event.key];
    if (!step || options.length === 0) return;
    event.preventDefault();
    const next = step(Math.max(0, options.indexOf(current)), options.length - 1);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"], [role="radio"]')[next]?.focus();
    const option = options[next];
    if (option !== undefined) choose(option);
  };
}
