/** The account pages sit under one path, so that their form cookie goes nowhere else. */
export const ACCOUNT_PAGES_PATH = '/account';
/** "Change your sign-in e-mail": the portal's "Your details" links here (decision 0078). */
export const CHANGE_EMAIL_PATH = `${ACCOUNT_PAGES_PATH}/email`;
export const CHANGE_EMAIL_CODE_PATH = `${ACCOUNT_PAGES_PATH}/email/code`;
