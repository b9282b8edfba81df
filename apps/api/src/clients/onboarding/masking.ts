/**
 * What a check may show of a record the caller has not proven to own (R6.8): enough to recognise one's
 * own address, not enough to learn someone else's.
 */
const HIDDEN = '•••';

/** Second-level labels under which the registrable domain sits one level deeper (co.uk, org.uk, com.au). */
const SHORT_SECOND_LEVEL = 3;

/**
 * `jane.doe@example.co.uk` → `j•••@e•••.co.uk`: the first character of the local part and of the domain,
 * and the public suffix, so the owner recognises it while others learn neither name nor provider.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : '';
  const labels = domain.split('.').filter((label) => label !== '');
  const suffixLength =
    labels.length >= 3 && (labels.at(-2)?.length ?? 0) <= SHORT_SECOND_LEVEL ? 2 : Math.min(1, labels.length);
  const suffix = labels.slice(labels.length - suffixLength).join('.');
  const rest = labels.slice(0, labels.length - suffixLength).join('.');
  const maskedDomain = rest === '' ? HIDDEN : `${firstCharacter(rest)}${HIDDEN}`;
  return `${firstCharacter(local)}${HIDDEN}@${maskedDomain}${suffix === '' ? '' : `.${suffix}`}`.toLowerCase();
}

/**
 * `SW1A 1AA` → `SW1A •••`: the outward code (a district shared by thousands of homes) without the inward
 * code that narrows it to a street. Takes the normalised key (upper case, no spaces); every UK inward code
 * is three characters.
 */
export function maskPostcode(postcodeKey: string): string {
  const outward = postcodeKey.length > 3 ? postcodeKey.slice(0, -3) : '';
  return outward === '' ? HIDDEN : `${outward} ${HIDDEN}`;
}

function firstCharacter(text: string): string {
  // Array.from keeps an accented or astral first character whole.
  return Array.from(text)[0] ?? '';
}
