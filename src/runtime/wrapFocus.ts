/**
 * Keeps Tab inside what is open (the phone's menu, the lightbox), given a Tab key's event: Tab on the
 * last of `focusable` goes to the first, and Shift+Tab on the first to the last; elsewhere the browser
 * moves focus as it would.
 */
export function wrapFocus(event: { shiftKey: boolean; preventDefault(): void }, focusable: readonly HTMLElement[]): void {
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
