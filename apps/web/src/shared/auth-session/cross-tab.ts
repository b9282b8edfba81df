/**
 * next-auth's cross-tab protocol, as `next-auth/react` speaks it: a tab that reads the session or signs
 * out writes a message to local storage, and the other tabs hear it through the `storage` event
 * (session-client.tsx reads the session again, and clears its tab after another's sign-out).
 */

/** next-auth's cross-tab message: other tabs hear it through the `storage` event. */
const MESSAGE_KEY = 'nextauth.message';

type Message = { event: 'session'; data: { trigger: 'getSession' | 'signout' } };

export function tellOtherTabs(trigger: Message['data']['trigger']) {
  const message: Message & { timestamp: number } = {
    event: 'session',
    data: { trigger },
    timestamp: Math.floor(Date.now() / 1000),
  };
  try {
    localStorage.setItem(MESSAGE_KEY, JSON.stringify(message));
  } catch {
    // Storage refused (private mode, quota): the other tabs learn at their next refetch.
  }
}

/** Another tab's session message: what triggered it, or null for any other storage change. */
export function sessionMessageTrigger(event: StorageEvent): Message['data']['trigger'] | null {
  if (event.key !== MESSAGE_KEY || !event.newValue) return null;
  try {
    const message = JSON.parse(event.newValue) as Partial<Message> | null;
    return message?.event === 'session' && message.data !== undefined ? message.data.trigger : null;
  } catch {
    return null;
  }
}

/**
 * R4.11 in every tab: the tab that logged out cleared its own keys and the shared local ones; this tab's
 * session storage (a message being written, say) only this tab can clear. All of it: what a tab keeps
 * belongs to the person signed in there, and the whole is fewer bytes than the list (page weight).
 */
export function forgetThisTab() {
  try {
    sessionStorage.clear();
  } catch {
    // Storage refused: nothing was kept.
  }
}
