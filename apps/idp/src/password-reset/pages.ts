import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkEmail, checkNewPassword } from '../form-checks.ts';
import { clientAddress, type InteractionDeps } from '../interactions/deps.ts';
import { readPostedForm, sendPage, sendText } from '../interactions/http.ts';
import { TOO_MANY_ATTEMPTS } from '../throttling/sign-in-throttle.ts';
import type { FormError } from '../views/form-parts.ts';
import {
  forgotPasswordPage,
  passwordChangedPage,
  resetLinkInvalidPage,
  resetLinkSentPage,
  resetPasswordPage,
} from '../views/password-reset-pages.ts';
import { csrfTokenFor, passwordForm } from './form-cookie.ts';
import { withMinimumDuration } from './min-duration.ts';
import {
  backToSignInHref,
  FORGOT_PASSWORD_PATH,
  interactionUidOrUndefined,
  RESET_PASSWORD_PATH,
} from './paths.ts';
import {
  completePasswordReset,
  isUsableResetToken,
  requestPasswordReset,
  type ResetContext,
} from './reset-service.ts';

/**
 * The shortest time "Forgot your password?" takes to answer: longer than issuing a reset and queueing
 * its e-mail takes, so a known and an unknown address cannot be told apart by the clock.
 */
export const FORGOT_PASSWORD_MIN_MS = 400;

/** `params`: the query string of a GET, the form of a POST. */
type Handler = (
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
) => Promise<void> | void;

const PAGES: Record<string, { show: Handler; submit: Handler }> = {
  [FORGOT_PASSWORD_PATH]: { show: showForgotPassword, submit: submitForgotPassword },
  [RESET_PASSWORD_PATH]: { show: showResetPassword, submit: submitResetPassword },
};

/** The password pages; false when the path is not one of them. */
export async function handlePasswordPage(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const page = PAGES[url.pathname.replace(/(.)\/$/, '$1')];
  if (!page) return false;
  if (req.method === 'GET' || req.method === 'HEAD') await page.show(deps, req, res, url.searchParams);
  else if (req.method === 'POST') await submitForm(deps, req, res, page.submit);
  else sendText(res, 405, 'Method Not Allowed');
  return true;
}

async function submitForm(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  submit: Handler,
): Promise<void> {
  const form = await readPostedForm(req, res, brand(deps), (token) =>
    passwordForm.isValid(req, deps.csrfKey, token),
  );
  if (form) await submit(deps, req, res, form);
}

const brand = (deps: InteractionDeps) => ({ brandName: deps.brandName, portalUrl: deps.portalUrl });

const resetContext = (deps: InteractionDeps): ResetContext => ({
  db: deps.db,
  issuer: deps.provider.issuer,
  brandName: deps.brandName,
  portalUrl: deps.portalUrl,
});

function renderForgotPassword(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  params: URLSearchParams,
  status = 200,
  errors: FormError[] = [],
): void {
  const interactionUid = interactionUidOrUndefined(params.get('interaction'));
  sendPage(
    res,
    forgotPasswordPage({
      ...brand(deps),
      csrfToken: csrfTokenFor(passwordForm, deps, req, res),
      action: FORGOT_PASSWORD_PATH,
      interactionUid,
      signInHref: backToSignInHref(deps.portalUrl, interactionUid),
      email: (params.get('email') ?? '').trim(),
      errors,
      status,
    }),
  );
}

function showForgotPassword(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): void {
  renderForgotPassword(deps, req, res, query);
}

async function submitForgotPassword(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  form: URLSearchParams,
): Promise<void> {
  const email = (form.get('email') ?? '').trim();
  // Answered 200 like any page: the browser shows the form again, and a 4xx would log a console error.
  const errors = checkEmail(email);
  if (errors.length) return renderForgotPassword(deps, req, res, form, 200, errors);
  // Per client address, whatever the e-mail: it says nothing about any account. Per account, the limit
  // is silent (reset-store.ts), so that the answer stays the same.
  if (!(await deps.resetRequests.allow(clientAddress(deps, req)))) {
    const tooMany = { field: 'email', message: TOO_MANY_ATTEMPTS, summaryOnly: true };
    return renderForgotPassword(deps, req, res, form, 429, [tooMany]);
  }
  await withMinimumDuration(FORGOT_PASSWORD_MIN_MS, () => requestPasswordReset(resetContext(deps), email));
  const interactionUid = interactionUidOrUndefined(form.get('interaction'));
  sendPage(
    res,
    resetLinkSentPage({ ...brand(deps), signInHref: backToSignInHref(deps.portalUrl, interactionUid) }),
  );
}

const linkInvalid = (deps: InteractionDeps) =>
  resetLinkInvalidPage({ ...brand(deps), forgotHref: FORGOT_PASSWORD_PATH });

async function showResetPassword(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  // Only shows the form: the link is used by the POST that sets the password.
  const token = query.get('token');
  if (!token || !(await isUsableResetToken(resetContext(deps), token)))
    return sendPage(res, linkInvalid(deps));
  sendPage(
    res,
    resetPasswordPage({
      ...brand(deps),
      csrfToken: csrfTokenFor(passwordForm, deps, req, res),
      action: RESET_PASSWORD_PATH,
      token,
    }),
  );
}

async function submitResetPassword(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  form: URLSearchParams,
): Promise<void> {
  const token = form.get('token');
  const context = resetContext(deps);
  if (!token || !(await isUsableResetToken(context, token))) return sendPage(res, linkInvalid(deps));
  const password = form.get('password') ?? '';
  const { errors, brokenRules } = checkNewPassword(password, form.get('confirm-password') ?? '');
  if (errors.length) {
    const view = {
      ...brand(deps),
      csrfToken: csrfTokenFor(passwordForm, deps, req, res),
      action: RESET_PASSWORD_PATH,
      token,
    };
    return sendPage(res, resetPasswordPage({ ...view, errors, passwordRules: brokenRules }));
  }
  // Undefined if another submission used the link in the meantime.
  const done = await completePasswordReset(context, token, password);
  if (!done) return sendPage(res, linkInvalid(deps));
  sendPage(res, passwordChangedPage({ ...brand(deps), signInHref: backToSignInHref(deps.portalUrl) }));
}
