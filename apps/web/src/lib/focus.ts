/**
 * Gives the focus back to the control that had it. When that control is gone or disabled (a
 * cancelled row's menu button, a button the change just made pointless), the heading of the
 * section it was in takes the focus, so that it never falls to the page's body.
 */
export function returnFocus(control: HTMLElement | null, section = control?.closest('section')) {
  if (control?.isConnected && !control.matches(':disabled')) {
    control.focus();
    return;
  }
  // Made focusable by script only (tabindex -1), so Tab still skips it.
  const heading = section?.querySelector<HTMLElement>('h1, h2, h3');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}
