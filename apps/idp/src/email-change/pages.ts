import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { emailKey } from '@vet/db/normalise';
import { findAccountByEmail } from '../accounts.ts';
import { verifyCredentials } from '../credentials.ts';
import { checkEmail } from '../form-checks.ts';
import { clientAddress, type InteractionDeps } from '../interactions/deps.ts';
import { readPostedForm, sendPage, sendText } from '../interactions/http.ts';
import { WRONG_CREDENTIALS } from '../interactions/sign-in.ts';
import { ENTER_CODE, WRONG_CODE } from '../interactions/sign-up.ts';
import { MAX_CODE_ATTEMPTS, newCodeLimits, newSignUpCode, postedCode } from '../sign-up/sign-up-code.ts';
import { TOO_MANY_ATTEMPTS } from '../throttling/sign-in-throttle.ts';
import {
  CHANGE_CODE_FIELD,
  CHANGE_CREDENTIALS_ERROR_ID,
  changeEmailPage,
  CURRENT_EMAIL_FIELD,
  emailChangeCodePage,
  emailChangedPage,
  NEW_EMAIL_FIELD,
  PASSWORD_FIELD,
} from '../views/email-change-pages.ts';
import type { FormError } from '../views/form-parts.ts';
import { emailChangeCodeEmail, emailChangedNotice, emailInUseEmail } from './email-change-emails.ts';
import { confirmEmailChange, issueEmailChange } from './email-change-store.ts';
import { csrfTokenFor } from '../password-reset/form-cookie.ts';
import { accountForm } from './form-cookie.ts';
import { CHANGE_EMAIL_CODE_PATH, CHANGE_EMAIL_PATH } from './paths.ts';

export const SAME_EMAIL = 'This is already the e-mail address you sign in with.';
export const START_AGAIN = 'This code no longer works. Start again to get a new code.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Only an HMAC of the code is stored, keyed by the provider's secret and bound to the change: a million
 * possible codes would fall to a plain hash at once, and a code is worth nothing for another change.
 */
export function hashEmailChangeCode(key: string, changeId: string, code: string): string {
  return createHmac('sha256', key).update(`email-change-code:${changeId}:${code}`).digest('hex');
}

/** "Change your sign-in e-mail" (decision 0078); false when the path is not one of its pages. */
export async function handleEmailChangePage(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname.replace(/(.)\/$/, '$1');
  if (path !== CHANGE_EMAIL_PATH && path !== CHANGE_EMAIL_CODE_PATH) return false;
  if (req.method === 'GET' || req.method === 'HEAD') {
    // The code page is reached only by its form; its address alone shows the start.
    renderChangeEmail(deps, req, res);
    return true;
  }
  if (req.method !== 'POST') {
    sendText(res, 405, 'Method Not Allowed');
    return true;
  }
  const form = await readPostedForm(
    req,
    res,
    { brandName: deps.brandName, portalUrl: deps.portalUrl },
    (token) => accountForm.isValid(req, deps.csrfKey, token),
  );
  if (!form) return true;
  if (path === CHANGE_EMAIL_PATH) await submitChangeEmail(deps, req, res, form);
  else await submitChangeCode(deps, req, res, form);
  return true;
}

function renderChangeEmail(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  values: { email?: string; newEmail?: string; errors?: FormError[]; status?: number } = {},
): void {
  sendPage(
    res,
    changeEmailPage({
      brandName: deps.brandName,
      portalUrl: deps.portalUrl,
      csrfToken: csrfTokenFor(accountForm, deps, req, res),
      action: CHANGE_EMAIL_PATH,
      ...values,
    }),
  );
}

function renderCode(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  changeId: string,
  newEmail: string,
  errors: FormError[] = [],
): void {
  sendPage(
    res,
    emailChangeCodePage({
      brandName: deps.brandName,
      portalUrl: deps.portalUrl,
      csrfToken: csrfTokenFor(accountForm, deps, req, res),
      action: CHANGE_EMAIL_CODE_PATH,
      changeId,
      newEmail,
      restartHref: CHANGE_EMAIL_PATH,
      errors,
    }),
  );
}

/**
 * "Send the code": the current address and password are checked as sign-in checks them (same throttle,
 * same message for an unknown address and a wrong password). Then, whether or not another account uses
 * the new address, the answer is the code page and an e-mail goes to the new address: the code for a free
 * one, a note for a taken one (decision 0027's way, as sign-up). Both paths do the same work.
 */
async function submitChangeEmail(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  form: URLSearchParams,
): Promise<void> {
  const email = (form.get(CURRENT_EMAIL_FIELD) ?? '').trim();
  const password = form.get(PASSWORD_FIELD) ?? '';
  const newEmail = (form.get(NEW_EMAIL_FIELD) ?? '').trim();
  // Answered 200 like any page: the browser shows the form again, and a 4xx would log a console error.
  const refuse = (errors: FormError[], status = 200) =>
    renderChangeEmail(deps, req, res, { email, newEmail, errors, status });
  const formLevel = (message: string): FormError[] => [
    { field: CURRENT_EMAIL_FIELD, message, summaryOnly: true, id: CHANGE_CREDENTIALS_ERROR_ID },
  ];

  const missing: FormError[] = [];
  if (!email) missing.push({ field: CURRENT_EMAIL_FIELD, message: 'Enter your current e-mail address' });
  if (!password) missing.push({ field: PASSWORD_FIELD, message: 'Enter your password' });
  const newEmailErrors = newEmail
    ? checkEmail(newEmail).map((error) => ({ ...error, field: NEW_EMAIL_FIELD }))
    : [{ field: NEW_EMAIL_FIELD, message: 'Enter your new e-mail address' }];
  if (missing.length || newEmailErrors.length) return refuse([...missing, ...newEmailErrors]);

  // Each request sends an e-mail: limited per client address, whatever the addresses.
  const address = clientAddress(deps, req);
  if (!(await deps.emailChangeRequests.allow(address))) return refuse(formLevel(TOO_MANY_ATTEMPTS), 429);
  const attempt = { address, email };
  const verdict = await deps.signInThrottle.verdict(attempt);
  if (verdict.refused) return refuse(formLevel(TOO_MANY_ATTEMPTS), 429);
  if (verdict.delayMs) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
  const accountId = await verifyCredentials(deps.db, email, password);
  if (!accountId) {
    await deps.signInThrottle.recordFailure(attempt);
    return refuse(formLevel(WRONG_CREDENTIALS));
  }
  await deps.signInThrottle.recordSuccess(attempt);
  const target = emailKey(newEmail);
  if (target === emailKey(email)) return refuse([{ field: NEW_EMAIL_FIELD, message: SAME_EMAIL }]);

  const changeId = randomUUID();
  const code = newSignUpCode();
  const existing = await findAccountByEmail(deps.db, target);
  const now = new Date();
  await issueEmailChange(deps.db, {
    id: changeId,
    accountId,
    newEmail: target,
    // A taken address is sent a note, not the code: the change keeps none.
    codeHash: existing ? null : hashEmailChangeCode(deps.csrfKey, changeId, code),
    now,
    ...newCodeLimits(now),
    emailToSend: existing
      ? emailInUseEmail({ to: existing.email, brandName: deps.brandName, portalUrl: deps.portalUrl })
      : emailChangeCodeEmail({ to: target, brandName: deps.brandName, code, portalUrl: deps.portalUrl }),
  });
  renderCode(deps, req, res, changeId, target);
}

/** The code from the e-mail: the right one changes the address and ends every session of the account. */
async function submitChangeCode(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  form: URLSearchParams,
): Promise<void> {
  const changeId = form.get('change') ?? '';
  const newEmail = (form.get('new-email') ?? '').trim();
  if (!UUID.test(changeId)) return renderChangeEmail(deps, req, res);
  const refuse = (message: string) =>
    renderCode(deps, req, res, changeId, newEmail, [{ field: CHANGE_CODE_FIELD, message }]);
  const code = postedCode(form.get(CHANGE_CODE_FIELD));
  if (code === undefined) return refuse(ENTER_CODE);
  const result = await confirmEmailChange(deps.db, {
    changeId,
    codeHash: hashEmailChangeCode(deps.csrfKey, changeId, code),
    now: new Date(),
    maxAttempts: MAX_CODE_ATTEMPTS,
    issuer: deps.provider.issuer,
    notice: (oldEmail, changedTo) =>
      emailChangedNotice({
        to: oldEmail,
        brandName: deps.brandName,
        newEmail: changedTo,
        portalUrl: deps.portalUrl,
      }),
  });
  if (result.outcome === 'wrong') return refuse(WRONG_CODE);
  if (result.outcome === 'expired') return refuse(START_AGAIN);
  sendPage(
    res,
    emailChangedPage({ brandName: deps.brandName, portalUrl: deps.portalUrl, newEmail: result.newEmail }),
  );
}
