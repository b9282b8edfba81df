/** tel: wants digits and a leading +, not the spaces people write. */
export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
