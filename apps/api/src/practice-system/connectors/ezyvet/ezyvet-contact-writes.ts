import type { z } from 'zod';
import { addressSchema, contactDetailSchema, listOf, type contactSchema } from './ezyvet-answers.ts';
import { readAll, type EzyvetCatalog } from './ezyvet-catalog.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { refusal } from './ezyvet-refusals.ts';

type Contact = z.infer<typeof contactSchema>;

/** A client's e-mail and phones as the portal has them: a value, null (cleared), or undefined (unchanged). */
export interface ClientReach {
  email?: string | null;
  mobile_phone?: string | null;
  home_phone?: string | null;
}

/** A client's address as the portal has it (clients.csv's columns), the same way. */
export interface ClientAddress {
  address_line1?: string | null;
  address_line2?: string | null;
  town?: string | null;
  county?: string | null;
  postcode?: string | null;
}

/** The portal's address columns and ezyVet's address fields (assumed names: testing/ezyvet-records.ts). */
const addressFields = [
  ['address_line1', 'street_1'],
  ['address_line2', 'street_2'],
  ['town', 'city'],
  ['county', 'region'],
  ['postcode', 'post_code'],
] as const satisfies readonly (readonly [keyof ClientAddress, string])[];

/** Which contact detail type holds which of the portal's fields (a site names its types: by pattern). */
export const reachTypes = [
  ['email', /e-?mail/i],
  ['mobile_phone', /mobile|cell/i],
  ['home_phone', /^(home )?phone$/i],
] as const satisfies readonly (readonly [keyof ClientReach, RegExp])[];

/**
 * A contact's details and address made what the portal says, whatever was there (decision 0116): each
 * write is a value set, so repeating it after a lost answer changes nothing more. A failure throws: the
 * event's delivery is retried, and the steps already done find their work done.
 */
export class EzyvetContactWrites {
  constructor(
    private readonly http: EzyvetHttp,
    private readonly catalog: EzyvetCatalog,
  ) {}

  /** Each given field as the contact detail of its type: changed, added, or (null) made inactive. */
  async reach(contactId: number, reach: ClientReach, signal?: AbortSignal): Promise<void> {
    const details = await readAll(
      this.http,
      '/v1/contactdetail',
      'contactdetail',
      contactDetailSchema,
      { contact_id: contactId },
      signal,
    );
    const types = await this.catalog.names('contactdetailtype', signal);
    for (const [field, pattern] of reachTypes) {
      const value = reach[field];
      if (value === undefined) continue;
      const current = details.find((detail) => pattern.test(types.get(detail.contact_detail_type_id) ?? ''));
      if (current && value !== null && current.value === value) continue;
      if (current) {
        const change = value === null ? { active: false } : { value };
        await this.send('PATCH', `/v1/contactdetail/${current.id}`, change, 'a contact detail', signal);
        continue;
      }
      if (value === null) continue;
      const typeId = await this.catalog.idOf('contactdetailtype', (name) => pattern.test(name), signal);
      if (typeId === null) continue;
      const body = { contact_id: contactId, contact_detail_type_id: typeId, value };
      await this.send('POST', '/v1/contactdetail', body, 'a contact detail', signal);
    }
  }

  /**
   * The contact's physical address with the given fields. A contact without one gets a new address named
   * by the portal's client (`PORTAL-C<id>`), looked up first, then linked: a retry finds it.
   */
  async address(contact: Contact, clientId: number, given: ClientAddress, signal?: AbortSignal) {
    const fields: Record<string, string> = {};
    for (const [ours, theirs] of addressFields) {
      const value = given[ours];
      // Clearing: the documentation does not say null clears a field; an empty string does (conservative).
      if (value !== undefined) fields[theirs] = value ?? '';
    }
    if (Object.keys(fields).length === 0) return;
    let addressId = contact.address_physical;
    if (addressId === null) {
      const name = `PORTAL-C${clientId}`;
      const [found] = listOf(
        await this.http.get('/v1/address', { name }, signal),
        'address',
        addressSchema,
      ).rows;
      if (found) addressId = found.id;
      else {
        const created = await this.send('POST', '/v1/address', { name, ...fields }, 'the address', signal);
        const [address] = listOf(created, 'address', addressSchema).rows;
        if (!address) throw new Error('ezyVet created an address without answering it');
        addressId = address.id;
      }
      const link = { address_physical: addressId };
      await this.send('PATCH', `/v1/contact/${contact.id}`, link, 'the contact', signal);
      if (!found) return;
    }
    await this.send('PATCH', `/v1/address/${addressId}`, fields, 'the address', signal);
  }

  private async send(method: string, path: string, body: object, what: string, signal?: AbortSignal) {
    const answer = await this.http.request(method, path, {}, body, signal);
    if (answer.status >= 400) throw new Error(refusal(what, answer));
    return answer.body;
  }
}
