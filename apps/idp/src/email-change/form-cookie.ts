import { signedFormCookie } from '../password-reset/form-cookie.ts';
import { ACCOUNT_PAGES_PATH } from './paths.ts';

/**
 * The account pages belong to no interaction: their CSRF token is bound to a random value in a cookie of
 * their own (signed double submit), as the password pages' (password-reset/form-cookie.ts), under their
 * own path and name.
 */
export const ACCOUNT_FORM_COOKIE = 'idp_account_form';

export const accountForm = signedFormCookie({
  cookie: ACCOUNT_FORM_COOKIE,
  purpose: 'account-form',
  path: ACCOUNT_PAGES_PATH,
});
