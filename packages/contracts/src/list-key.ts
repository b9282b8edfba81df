/**
 * The form a list value is matched in (decision 0096): without regard to case, spacing, punctuation or
 * accents, so `German shepherd-dog`, `GERMAN SHEPHERD DOG` and `German Shepherd Dog` are one key, and
 * `VeNom:14796` is `venom14796`. Letters and digits of any script are kept; an empty key matches nothing.
 * Here, not in @vet/db, so the web's fields match what an owner types as the import and the API do.
 */
export function listKey(text: string): string {
  // Printable ASCII needs no Unicode normalisation: the fast path of almost every cell.
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
