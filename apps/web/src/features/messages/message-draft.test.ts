import { describe, expect, it } from 'vitest';
import { draftPlace, forgetDraft, keepDraft, keptDraft, readDraft, type MessageDraft } from './message-draft';
import { memoryStorage } from '@/testing/memory-storage';

const photo = {
  id: 3,
  kind: 'photo',
  contentType: 'image/jpeg',
  byteSize: 1000,
  width: 10,
  height: 20,
  fileName: 'IMG_1.JPG',
} as const;
const draft: MessageDraft = { text: 'A cut on her paw.', petId: 7, files: [photo], requestId: null };

describe('message drafts kept in the tab', () => {
  it('names a place per new message (pet or account) and per conversation', () => {
    expect(draftPlace({ initialPetId: 7 })).toBe('new:7');
    expect(draftPlace({ initialPetId: null })).toBe('new:account');
    expect(draftPlace({ conversationId: 12 })).toBe('conversation:12');
  });

  it('keeps one draft per place, and forgets one that was sent or emptied', () => {
    const store = memoryStorage();
    keepDraft('new:7', draft, store);
    keepDraft('conversation:12', { ...draft, petId: null, files: [] }, store);
    expect(keptDraft('new:7', store)).toEqual(draft);
    forgetDraft('new:7', store);
    expect(keptDraft('new:7', store)).toBeNull();
    keepDraft('conversation:12', { text: '  ', petId: null, files: [], requestId: null }, store);
    expect(store.items.get('messageDrafts')).toBe('{}');
  });

  it('keeps an empty text whose send was tried: its request id must go with the retry', () => {
    const store = memoryStorage();
    const tried = { text: '', petId: null, files: [], requestId: crypto.randomUUID() };
    keepDraft('new:account', tried, store);
    expect(keptDraft('new:account', store)).toEqual(tried);
  });

  it('reads no draft from a value of another shape, and leaves out a file that is not an attachment', () => {
    expect(readDraft(null)).toBeNull();
    expect(readDraft('text')).toBeNull();
    expect(readDraft({ text: 5, petId: 7, files: [], requestId: null })).toBeNull();
    expect(readDraft({ text: 'x', petId: '7', files: [], requestId: null })).toBeNull();
    expect(readDraft({ text: 'x', petId: 7, files: {}, requestId: null })).toBeNull();
    expect(readDraft({ text: 'x', petId: 7, files: [], requestId: 4 })).toBeNull();
    const kept = readDraft({ ...draft, files: [photo, { ...photo, kind: 'pdf' }, { id: 'x' }] });
    expect(kept?.files).toEqual([photo]);
  });

  it('reads nothing, and keeps nothing, when storage holds junk or refuses', () => {
    const junk = memoryStorage();
    junk.items.set('messageDrafts', '{not json');
    expect(keptDraft('new:7', junk)).toBeNull();
    keepDraft('new:7', draft, junk);
    expect(keptDraft('new:7', junk)).toEqual(draft);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(keptDraft('new:7', refusing)).toBeNull();
    expect(() => keepDraft('new:7', draft, refusing)).not.toThrow();
  });
});
