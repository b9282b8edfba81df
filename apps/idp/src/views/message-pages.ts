import { escapeHtml, renderPage, type Page } from './layout.ts';

export interface BrandView {
  brandName: string;
  portalUrl: string;
}

function backToPortal(view: BrandView, text = `Go to ${view.brandName}`): string {
  return `<a class="button" href="${escapeHtml(view.portalUrl)}/">${escapeHtml(text)}</a>`;
}

/**
 * RP-initiated logout. The portal's own dialog has already asked, so this is one obvious button, pressed
 * by a tiny script only when the request carries the portal's ID token of this session's account
 * (`hintedByPortal` in provider.ts): a link from another site, which can name our client but never holds
 * that token, leaves the button for the person to press. Without JavaScript the button still works.
 */
export function signingOutPage(view: BrandView & { form: string; autoSubmit: boolean }): Page {
  const main = `<h1>Signing you out</h1>
<p>Select the button to finish signing out of ${escapeHtml(view.brandName)}.</p>
${view.form}
<button class="button" id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`;
  return renderPage({
    ...view,
    title: 'Signing out',
    main,
    scripts: view.autoSubmit ? [AUTO_SUBMIT_SCRIPT] : [],
  });
}

const AUTO_SUBMIT_SCRIPT = "document.getElementById('sign-out').click();";

export function signedOutPage(view: BrandView): Page {
  const main = `<h1>You have signed out</h1>
<p>You have signed out of ${escapeHtml(view.brandName)}.</p>
${backToPortal(view)}`;
  return renderPage({ ...view, title: 'Signed out', main });
}

/** Interaction gone (expired, finished, or opened in another browser). */
export function expiredPage(view: BrandView): Page {
  const main = `<h1>Your sign-in has timed out</h1>
<p>For your security, sign-in pages stop working after a while or once used.</p>
${backToPortal(view, `Go back to ${view.brandName} and try again`)}`;
  return renderPage({ ...view, title: 'Sign-in timed out', main, status: 400 });
}

/** Never a stack trace: the OAuth error code (and its description, for the developers) at most. */
export function errorPage(view: BrandView & { status: number; code?: string; description?: string }): Page {
  const detail = view.code
    ? `<p>Details for support: <code>${escapeHtml(view.code)}</code>${
        view.description ? ` – ${escapeHtml(view.description)}` : ''
      }</p>`
    : '';
  const main = `<h1>Sorry, something went wrong</h1>
<p>We could not complete your request. Please go back to ${escapeHtml(view.brandName)} and try again.</p>
${detail}
${backToPortal(view)}`;
  return renderPage({ ...view, title: 'Something went wrong', main, status: view.status });
}

/** A form whose CSRF token does not match: from another site, or kept open too long. */
export function invalidFormPage(view: BrandView): Page {
  return errorPage({ ...view, status: 403, code: 'invalid_form', description: 'the form has expired' });
}
