import { describe, expect, it } from 'vitest';
import { forAnonymousCaller, matchClient, type CandidateKeys, type MatchInput } from './match-client.ts';

const input: MatchInput = { lastNameKey: 'thompson', postcodeKey: 'SW40LN', emailKey: 'grace@example.net' };

type OnFile = 'same' | 'other' | 'none';

function candidate(email: OnFile, postcode: OnFile, linked: boolean, id = 1): CandidateKeys & { id: number } {
  return {
    id,
    lastNameKey: 'thompson',
    emailKey: { same: 'grace@example.net', other: 'g.t@example.org', none: null }[email],
    postcodeKey: { same: 'SW40LN', other: 'N12UQ', none: null }[postcode],
    linked,
  };
}

describe('matchClient: one record whose last name matches (R4.16)', () => {
  // Every combination of e-mail and postcode on file against the check's, unlinked and linked.
  // "-" marks a record that is no candidate (neither postcode nor e-mail matches): NewClient.
  it.each<[OnFile, OnFile, string, string]>([
    ['same', 'same', 'VerifyClient', 'SignInClient'],
    ['same', 'other', 'ChoosePostcode', 'SignInClient'],
    ['same', 'none', 'VerifyClient', 'SignInClient'],
    ['other', 'same', 'ChooseEmail', 'SignInClient'],
    ['other', 'other', 'NewClient', 'NewClient'],
    ['other', 'none', 'NewClient', 'NewClient'],
    ['none', 'same', 'ContactPractice', 'SignInClient'],
    ['none', 'other', 'NewClient', 'NewClient'],
    ['none', 'none', 'NewClient', 'NewClient'],
  ])('e-mail on file %s, postcode on file %s: %s, or %s when linked', (email, postcode, unlinked, linked) => {
    expect(matchClient(input, [candidate(email, postcode, false)]).result).toBe(unlinked);
    expect(matchClient(input, [candidate(email, postcode, true)]).result).toBe(linked);
  });

  it('names the matched record for the results that act on it', () => {
    const verify = candidate('same', 'same', false, 7);
    expect(matchClient(input, [verify])).toEqual({ result: 'VerifyClient', client: verify });
    const chooseEmail = candidate('other', 'same', false, 8);
    expect(matchClient(input, [chooseEmail])).toEqual({ result: 'ChooseEmail', client: chooseEmail });
    const choosePostcode = candidate('same', 'other', false, 9);
    expect(matchClient(input, [choosePostcode])).toEqual({
      result: 'ChoosePostcode',
      client: choosePostcode,
    });
  });

  it('never names a record for the results that must not reveal one', () => {
    for (const match of [
      matchClient(input, []),
      matchClient(input, [candidate('same', 'same', true)]),
      matchClient(input, [candidate('none', 'same', false)]),
    ])
      expect(Object.keys(match)).toEqual(['result']);
  });
});

describe('matchClient without a postcode (GET /signup-v2/check)', () => {
  const v2: MatchInput = { ...input, postcodeKey: null };

  it.each<[OnFile, OnFile, string, string]>([
    ['same', 'same', 'VerifyClient', 'SignInClient'],
    ['same', 'other', 'VerifyClient', 'SignInClient'],
    ['same', 'none', 'VerifyClient', 'SignInClient'],
    ['other', 'same', 'NewClient', 'NewClient'],
    ['none', 'same', 'NewClient', 'NewClient'],
    ['none', 'none', 'NewClient', 'NewClient'],
  ])('e-mail on file %s, postcode on file %s: %s, or %s when linked', (email, postcode, unlinked, linked) => {
    expect(matchClient(v2, [candidate(email, postcode, false)]).result).toBe(unlinked);
    expect(matchClient(v2, [candidate(email, postcode, true)]).result).toBe(linked);
  });
});

describe('matchClient with other records', () => {
  it('answers NewClient with no records at all', () => {
    expect(matchClient(input, [])).toEqual({ result: 'NewClient' });
  });

  it('ignores records whose last name differs, whatever else matches', () => {
    const namesake = { ...candidate('same', 'same', false), lastNameKey: 'thomson' };
    expect(matchClient(input, [namesake]).result).toBe('NewClient');
    expect(matchClient(input, [namesake, candidate('same', 'same', false, 2)]).result).toBe('VerifyClient');
  });

  it.each([
    ['two full matches', candidate('same', 'same', false), candidate('same', 'same', false, 2)],
    [
      'a full match and a postcode match',
      candidate('same', 'same', false),
      candidate('other', 'same', false, 2),
    ],
    [
      'a full match and an e-mail match',
      candidate('same', 'same', false),
      candidate('same', 'other', false, 2),
    ],
    [
      'a linked and an unlinked record',
      candidate('same', 'same', true),
      candidate('other', 'same', false, 2),
    ],
    ['two linked records', candidate('same', 'same', true), candidate('none', 'same', true, 2)],
  ])('answers ContactPractice for more than one candidate: %s', (_case, first, second) => {
    expect(matchClient(input, [first, second])).toEqual({ result: 'ContactPractice' });
  });

  it('counts only candidates: a same-name record matching neither postcode nor e-mail does not make two', () => {
    const stranger = candidate('other', 'other', false, 2);
    expect(matchClient(input, [candidate('same', 'same', false), stranger]).result).toBe('VerifyClient');
  });
});

describe('forAnonymousCaller: what an anonymous check is told (decision 0056)', () => {
  // Every record on file, unlinked and linked, against a check that typed the e-mail on file ('same') or a
  // made-up one: only the typed e-mail on file of one unlinked record is told apart from no record.
  const told = (typed: 'on file' | 'made up', ...records: ReturnType<typeof candidate>[]) =>
    forAnonymousCaller(
      matchClient(typed === 'on file' ? input : { ...input, emailKey: 'made.up@example.com' }, records),
    );

  it('tells VerifyClient, naming the record, only when the e-mail typed is the one on file', () => {
    const record = candidate('same', 'same', false, 7);
    expect(told('on file', record)).toEqual({ result: 'VerifyClient', client: record });
    expect(told('on file', candidate('same', 'none', false)).result).toBe('VerifyClient');
  });

  it.each<[string, ReturnType<typeof candidate>[]]>([
    ['no record', []],
    ['a record offering its e-mail (ChooseEmail)', [candidate('other', 'same', false)]],
    ['a record linked to an account (SignInClient)', [candidate('other', 'same', true)]],
    ['a record without an e-mail (ContactPractice)', [candidate('none', 'same', false)]],
    [
      'two records (ContactPractice)',
      [candidate('other', 'same', false), candidate('none', 'same', false, 2)],
    ],
  ])('answers a made-up e-mail exactly as for no record: %s', (_case, records) => {
    expect(told('made up', ...records)).toEqual({ result: 'NewClient' });
  });

  it.each<[string, ReturnType<typeof candidate>[]]>([
    ['a linked record (SignInClient)', [candidate('same', 'same', true)]],
    ['a record at another postcode (ChoosePostcode)', [candidate('same', 'other', false)]],
    [
      'two records (ContactPractice)',
      [candidate('same', 'same', false), candidate('same', 'same', false, 2)],
    ],
  ])('answers the e-mail on file as for no record unless a code can go: %s', (_case, records) => {
    expect(told('on file', ...records)).toEqual({ result: 'NewClient' });
  });
});
