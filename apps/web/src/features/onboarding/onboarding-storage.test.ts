import { describe, expect, it } from 'vitest';
import { CLEARED_ON_LOGOUT, SESSION_STORAGE_KEYS } from '@/shared/storage/storage-keys';
import {
  clearStoredInvitation,
  clearStoredVerification,
  invitationFromQuery,
  readStoredInvitation,
  readStoredPractice,
  readStoredVerification,
  storeInvitation,
  storePractice,
  storeVerification,
  verificationFromQuery,
} from './onboarding-storage';
import { memoryStorage } from '@/testing/memory-storage';

const query = (text: string) => new URLSearchParams(text);

describe('the verification link (vCode, vClientId, vMode)', () => {
  it('reads code, client id and mode from the link, and keeps them under the R3.15 keys', () => {
    const store = memoryStorage();
    const values = verificationFromQuery(query('code=123456&clientId=42&mode=signup'));
    expect(values).toEqual({ code: '123456', clientId: 42, mode: 'signup' });
    storeVerification(values!, store);
    expect(Object.fromEntries(store.items)).toEqual({ vCode: '123456', vClientId: '42', vMode: 'signup' });
    expect(readStoredVerification(store)).toEqual(values);
  });

  it('ignores a link without a 6-digit code, and drops a client id or mode that makes no sense', () => {
    expect(verificationFromQuery(query('code=12345&clientId=42'))).toBeNull();
    expect(verificationFromQuery(query('clientId=42&mode=signin'))).toBeNull();
    expect(verificationFromQuery(query('code=123456&clientId=-1&mode=admin'))).toEqual({
      code: '123456',
      clientId: undefined,
      mode: undefined,
    });
  });

  it('clears all three, and forgets a mode or client id the new link does not carry', () => {
    const store = memoryStorage();
    storeVerification({ code: '111111', clientId: 1, mode: 'signup' }, store);
    storeVerification({ code: '222222', clientId: undefined, mode: undefined }, store);
    expect(Object.fromEntries(store.items)).toEqual({ vCode: '222222' });
    clearStoredVerification(store);
    expect(store.items.size).toBe(0);
    expect(readStoredVerification(store)).toBeNull();
  });
});

describe('the invitation (registration parameters)', () => {
  it('needs both rc and ln, and keeps them under the key logout clears', () => {
    expect(invitationFromQuery(query('rc=ABC123'))).toBeNull();
    const store = memoryStorage();
    const invitation = invitationFromQuery(query('rc=ABC123&ln=Thompson'));
    expect(invitation).toEqual({ registrationCode: 'ABC123', lastName: 'Thompson' });
    storeInvitation(invitation!, store);
    expect(readStoredInvitation(store)).toEqual(invitation);
    expect(CLEARED_ON_LOGOUT.session).toContain(SESSION_STORAGE_KEYS.registrationParams);
    clearStoredInvitation(store);
    expect(readStoredInvitation(store)).toBeNull();
  });

  it('reads nothing from a damaged value', () => {
    const store = memoryStorage();
    store.setItem(SESSION_STORAGE_KEYS.registrationParams, '{not json');
    expect(readStoredInvitation(store)).toBeNull();
    store.setItem(SESSION_STORAGE_KEYS.registrationParams, '{"rc":"A"}');
    expect(readStoredInvitation(store)).toBeNull();
  });
});

describe('the practice parameter', () => {
  it('keeps a practice id, and reads anything else as none', () => {
    const store = memoryStorage();
    expect(readStoredPractice(store)).toBeNull();
    storePractice('3', store);
    expect(readStoredPractice(store)).toBe(3);
    storePractice('Clapham', store);
    expect(readStoredPractice(store)).toBeNull();
  });
});

it('goes on without storage when the browser refuses it', () => {
  const refusing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => {
      throw new Error('denied');
    },
  };
  expect(() => storeVerification({ code: '123456', clientId: 1, mode: 'signin' }, refusing)).not.toThrow();
  expect(readStoredVerification(refusing)).toBeNull();
  expect(readStoredInvitation(refusing)).toBeNull();
});
