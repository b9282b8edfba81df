/**
 * jsdom has the <dialog> element but not its modal behaviour: `showModal()`, `close()`, the `close`
 * event, and Escape turning into a cancelable `cancel` event. The portal's dialogs are native
 * (decision 0050), so component tests get this much of the browser's behaviour; the e2e tests meet the
 * real one in Chromium. A unit-test setup file: it does nothing outside jsdom.
 */
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  const modal = new WeakSet<HTMLDialogElement>();
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
    if (!(dialog instanceof HTMLDialogElement) || !modal.has(dialog)) return;
    const cancel = new Event('cancel', { cancelable: true });
    if (dialog.dispatchEvent(cancel)) dialog.close();
  };
  // Capture: a browser's cancel does not depend on where the keydown's propagation stops.
  document.addEventListener('keydown', onEscape, true);
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
      modal.add(this);
      this.setAttribute('open', '');
    },
    show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      modal.delete(this);
      this.removeAttribute('open');
      queueMicrotask(() => this.dispatchEvent(new Event('close')));
    },
  });
}
