import { attachmentKinds } from '@vet/contracts/message-rules';
import type { MessageAttachment } from '@vet/contracts/messages';
import { SESSION_STORAGE_KEYS } from '@/shared/storage/storage-keys';

/**
 * A message being written, kept in the tab so that a reload, a crash or a wrong turn does not lose it
 * (decision 0170): the text, the pet it is about, the files already uploaded, and the send's request id
 * once a send was tried (a reload after a send whose answer was lost then sends it once, as the API
 * answers a repeated request id with the first message). Session storage, so it goes with the tab, and
 * logout clears it (storage-keys.ts). One draft per place: a new message about a pet (or the account),
 * or an answer in a conversation.
 */
export interface MessageDraft {
  text: string;
  petId: number | null;
  files: MessageAttachment[];
  requestId: string | null;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;
type Drafts = Record<string, MessageDraft>;

/** The place a composer writes for: `new:<petId|account>` or `conversation:<id>`. */
export const draftPlace = (target: { conversationId: number } | { initialPetId: number | null }) =>
  'conversationId' in target
    ? `conversation:${target.conversationId}`
    : `new:${target.initialPetId ?? 'account'}`;

function tabStorage(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

const isInteger = (value: unknown): value is number => Number.isInteger(value);
const nullableInteger = (value: unknown): value is number | null => value === null || isInteger(value);

function readAttachment(value: unknown): MessageAttachment | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, kind, contentType, byteSize, width, height, fileName } = value as Record<string, unknown>;
  const valid =
    isInteger(id) &&
    (attachmentKinds as readonly unknown[]).includes(kind) &&
    typeof contentType === 'string' &&
    isInteger(byteSize) &&
    nullableInteger(width) &&
    nullableInteger(height) &&
    typeof fileName === 'string';
  return valid
    ? { id, kind: kind as MessageAttachment['kind'], contentType, byteSize, width, height, fileName }
    : null;
}

/**
 * A kept draft, checked by hand (zod stays out of the browser, decision 0032): a value from an older page
 * or changed by hand is no draft, and a file that is not an attachment's shape is left out.
 */
export function readDraft(value: unknown): MessageDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { text, petId, files, requestId } = value as Record<string, unknown>;
  if (typeof text !== 'string') return null;
  if (!nullableInteger(petId) || !Array.isArray(files)) return null;
  if (requestId !== null && typeof requestId !== 'string') return null;
  const attachments = files.map(readAttachment).filter((file) => file !== null);
  return { text, petId, files: attachments, requestId };
}

function readAll(store: Store | undefined): Drafts {
  try {
    const raw = store?.getItem(SESSION_STORAGE_KEYS.messageDrafts);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Drafts) : {};
  } catch {
    return {};
  }
}

function writeAll(store: Store | undefined, drafts: Drafts): void {
  try {
    store?.setItem(SESSION_STORAGE_KEYS.messageDrafts, JSON.stringify(drafts));
  } catch {
    // Storage refused or full: the draft lives on the page only, as before.
  }
}

export function keptDraft(place: string, store = tabStorage()): MessageDraft | null {
  return readDraft(readAll(store)[place]);
}

/** Keeps the draft of `place`; an empty one (no text, no file, no send tried) is forgotten instead. */
export function keepDraft(place: string, draft: MessageDraft, store = tabStorage()): void {
  const drafts = readAll(store);
  const empty = draft.text.trim() === '' && draft.files.length === 0 && draft.requestId === null;
  if (empty && !(place in drafts)) return;
  if (empty) delete drafts[place];
  else drafts[place] = draft;
  writeAll(store, drafts);
}

/** After a send: the message went, and its draft with it. */
export function forgetDraft(place: string, store = tabStorage()): void {
  const drafts = readAll(store);
  if (!(place in drafts)) return;
  delete drafts[place];
  writeAll(store, drafts);
}
