/**
 * What a screen reader announces as an element's description: the text of the elements its
 * aria-describedby names, in order (the error or helper text under a field, say).
 */
export function accessibleDescription(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** The control a message describes (its error under the field): MUI links them with aria-describedby. */
export function describedControl(message: HTMLElement): Element | null {
  const id = message.closest('[id]')?.id;
  return id ? document.querySelector(`[aria-describedby~="${id}"]`) : null;
}
