import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { errors, type Interaction } from 'oidc-provider';
import { handleEmailChangePage } from '../email-change/pages.ts';
import { handlePasswordPage } from '../password-reset/pages.ts';
import { setSecurityHeaders } from '../security-headers.ts';
import { errorPage, expiredPage } from '../views/message-pages.ts';
import { isValidCsrfToken } from './csrf.ts';
import { finishSignedIn, type InteractionDeps } from './deps.ts';
import { readPostedForm, sendPage, sendText } from './http.ts';
import { showSignIn, submitSignIn } from './sign-in.ts';
import { showCheckEmail, showSignUp, submitSignUp, submitSignUpCode } from './sign-up.ts';
import { idpLog } from '../logging.ts';

const INTERACTION_PATH = /^\/interaction\/([\w-]+)(?:\/(login|signup|code))?\/?$/;

type Screen = 'login' | 'signup' | 'code';
type ProviderCallback = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The identity provider's HTTP entry: /healthz, the sign-in and sign-up pages of an interaction, the
 * password reset pages, and everything else (discovery, /auth, /oauth/token, /jwks, /session/end, …)
 * handled by oidc-provider.
 */
export function createRequestHandler(deps: InteractionDeps): RequestListener {
  const providerCallback: ProviderCallback = deps.provider.callback();
  return (req, res) => {
    setSecurityHeaders(res, deps.provider.issuer);
    route(deps, providerCallback, req, res).catch((error: unknown) => {
      // Never personal data: the error's kind only.
      idpLog.error(`request failed: ${error instanceof Error ? error.name : 'unknown error'}`);
      if (res.headersSent) res.destroy();
      else sendPage(res, errorPage({ ...deps, status: 500 }));
    });
  };
}

async function route(
  deps: InteractionDeps,
  providerCallback: ProviderCallback,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://idp.invalid');
  const { pathname } = url;
  const read = req.method === 'GET' || req.method === 'HEAD';
  if (pathname === '/healthz')
    return read ? sendText(res, 200, 'ok') : sendText(res, 405, 'Method Not Allowed');
  if (await handlePasswordPage(deps, req, res, url)) return;
  if (await handleEmailChangePage(deps, req, res, url)) return;
  const match = INTERACTION_PATH.exec(pathname);
  if (!match?.[1]) {
    await providerCallback(req, res);
    return;
  }
  const uid = match[1];
  const screen = match[2] as Screen | undefined;
  if (!read && !(req.method === 'POST' && screen)) return sendText(res, 405, 'Method Not Allowed');

  const interaction = await loadInteraction(deps, req, res, uid);
  if (!interaction) return sendPage(res, expiredPage(deps));
  if ('restartAt' in interaction) {
    res.writeHead(303, { location: interaction.restartAt, 'content-length': '0' }).end();
    return;
  }
  if (interaction.prompt.name === 'consent') {
    // Already signed in; only the (implied) consent is missing.
    const accountId = interaction.session?.accountId;
    if (!accountId) return sendPage(res, expiredPage(deps));
    return finishSignedIn(deps, req, res, interaction, accountId);
  }
  if (interaction.prompt.name !== 'login') {
    return sendPage(res, errorPage({ ...deps, status: 400, code: 'unsupported_prompt' }));
  }

  if (read) {
    const chosen = screen ?? (interaction.params.screen_hint === 'signup' ? 'signup' : 'login');
    if (chosen === 'code') return showCheckEmail(deps, res, interaction);
    return chosen === 'signup' ? showSignUp(deps, res, interaction) : showSignIn(deps, res, interaction);
  }

  const form = await readPostedForm(req, res, deps, (token) => isValidCsrfToken(deps.csrfKey, uid, token));
  if (!form) return;
  if (screen === 'code') return submitSignUpCode(deps, req, res, interaction, form);
  return screen === 'signup'
    ? submitSignUp(deps, req, res, interaction, form)
    : submitSignIn(deps, req, res, interaction, form);
}

/**
 * The interaction named by the path, if the browser's interaction cookie is for that very one; or where
 * to ask for it again, if the session it began in has ended since.
 */
async function loadInteraction(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<Interaction | { restartAt: string } | undefined> {
  try {
    const interaction = await deps.provider.interactionDetails(req, res);
    return interaction.uid === uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return restartOfEndedSession(deps, req, res, uid);
    throw error;
  }
}

/**
 * oidc-provider refuses an interaction whose session has ended: a tab that began signing in (or was sent
 * to sign in) while another tab of the same browser signed out (R4.11). Its request is still good, so
 * the browser that holds its cookie asks for it again, now without a session, and sees the sign-in
 * page rather than "Your sign-in has timed out". An expired or unknown interaction, or one without
 * this browser's cookie, still gets that page.
 */
async function restartOfEndedSession(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<{ restartAt: string } | undefined> {
  const { provider } = deps;
  const cookie = provider.createContext(req, res).cookies.get(provider.cookieName('interaction'), {
    signed: true,
  });
  if (cookie !== uid) return undefined;
  const stale = await provider.Interaction.find(uid);
  if (!stale?.session?.uid || (await provider.Session.findByUid(stale.session.uid))) return undefined;
  const restart = new URL(stale.returnTo);
  restart.pathname = restart.pathname.slice(0, restart.pathname.lastIndexOf('/'));
  for (const [name, value] of Object.entries(stale.params)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one === 'string') restart.searchParams.append(name, one);
    }
  }
  await stale.destroy();
  return { restartAt: restart.href };
}
