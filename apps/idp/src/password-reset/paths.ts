/** The password pages sit under one path, so that their form cookie (form-cookie.ts) goes nowhere else. */
export const PASSWORD_PAGES_PATH = '/password';
export const FORGOT_PASSWORD_PATH = `${PASSWORD_PAGES_PATH}/forgot`;
export const RESET_PASSWORD_PATH = `${PASSWORD_PAGES_PATH}/reset`;

/** Interaction ids are oidc-provider's nanoids; anything else in `?interaction=` is ignored. */
const INTERACTION_UID = /^[\w-]{1,64}$/;

export function interactionUidOrUndefined(value: string | null | undefined): string | undefined {
  return value && INTERACTION_UID.test(value) ? value : undefined;
}

/** "Forgot your password?" from a sign-in page keeps that sign-in, so "Back to sign in" can return to it. */
export function forgotPasswordHref(interactionUid?: string): string {
  return interactionUid
    ? `${FORGOT_PASSWORD_PATH}?interaction=${encodeURIComponent(interactionUid)}`
    : FORGOT_PASSWORD_PATH;
}

/** The link in the e-mail: the provider's own reset page, the token in the query (never in a log). */
export function resetPasswordUrl(issuer: string, token: string): string {
  return `${issuer}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
}

/** Where "Back to sign in" goes: the sign-in page the person came from, or the portal's sign-in (R2.16). */
export function backToSignInHref(portalUrl: string, interactionUid?: string): string {
  return interactionUid ? `/interaction/${encodeURIComponent(interactionUid)}/login` : `${portalUrl}/signin`;
}
