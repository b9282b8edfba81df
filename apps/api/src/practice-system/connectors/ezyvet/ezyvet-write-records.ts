import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { WriteResult } from '../vendor-port.ts';
import { animalSchema, breedSchema, contactDetailSchema, contactSchema, listOf } from './ezyvet-answers.ts';
import { readAll, type EzyvetCatalog } from './ezyvet-catalog.ts';
import type { EzyvetAnswer, EzyvetHttp } from './ezyvet-http.ts';

export const invalid = (message: string): WriteResult => ({ outcome: 'refused', reason: 'invalid', message });
/** A refusal's message: the status and ezyVet's error type, never its text (it may quote the record). */
export const refusal = (what: string, answer: EzyvetAnswer) => {
  const type = (answer.body as { messages?: { type?: unknown }[] } | null)?.messages?.[0]?.type;
  return `ezyVet refused ${what} (${answer.status}${typeof type === 'string' ? ` ${type}` : ''})`;
};

/** The portal's species names as ezyVet sites commonly name them (the portal's codes: Canine, Feline, …). */
const speciesNames: Record<string, string[]> = {
  dog: ['dog', 'canine'],
  cat: ['cat', 'feline'],
  rabbit: ['rabbit', 'lagomorph'],
};

/**
 * A client and a pet registered online, created in ezyVet as a contact (with its e-mail and phones as
 * contact details) and an animal (decision 0107). The portal's id goes into the record's code
 * (`PORTAL-C5012`, `PORTAL-P77`), and the code is looked up first: a retry finds the first write.
 */
export class EzyvetRegistrations {
  constructor(
    private readonly http: EzyvetHttp,
    private readonly catalog: EzyvetCatalog,
  ) {}

  async client(data: PracticeEventData<'client.registered'>, signal?: AbortSignal): Promise<WriteResult> {
    if (data.client_ref) return { outcome: 'written', refs: { client_ref: data.client_ref } };
    const code = `PORTAL-C${data.client_id}`;
    let [contact] = listOf(
      await this.http.get('/v1/contact', { code }, signal),
      'contact',
      contactSchema,
    ).rows;
    if (!contact) {
      const body = { code, first_name: data.first_name, last_name: data.last_name, is_customer: true };
      const answer = await this.http.request('POST', '/v1/contact', {}, body, signal);
      if (answer.status >= 400) return invalid(refusal('the contact', answer));
      [contact] = listOf(answer.body, 'contact', contactSchema).rows;
      if (!contact) throw new Error('ezyVet created a contact without answering it');
    }
    await this.contactDetails(contact.id, data, signal);
    return { outcome: 'written', refs: { client_ref: String(contact.id) } };
  }

  /** The new client's e-mail and phones as contact details, those not there yet (a retry adds none twice). */
  private async contactDetails(
    contactId: number,
    data: PracticeEventData<'client.registered'>,
    signal?: AbortSignal,
  ) {
    const existing = await readAll(
      this.http,
      '/v1/contactdetail',
      'contactdetail',
      contactDetailSchema,
      { contact_id: contactId },
      signal,
    );
    const wanted: [RegExp, string | null][] = [
      [/e-?mail/i, data.email],
      [/mobile|cell/i, data.mobile_phone],
      [/^(home )?phone$/i, data.home_phone],
    ];
    for (const [type, value] of wanted) {
      if (value === null || existing.some((detail) => detail.value === value)) continue;
      const typeId = await this.catalog.idOf('contactdetailtype', (name) => type.test(name), signal);
      if (typeId === null) continue;
      const body = { contact_id: contactId, contact_detail_type_id: typeId, value };
      const answer = await this.http.request('POST', '/v1/contactdetail', {}, body, signal);
      if (answer.status >= 400) throw new Error(refusal('a contact detail', answer));
    }
  }

  async pet(data: PracticeEventData<'pet.registered'>, signal?: AbortSignal): Promise<WriteResult> {
    if (data.pet_ref) return { outcome: 'written', refs: { pet_ref: data.pet_ref } };
    if (!data.client_ref) return invalid('The pet’s client has no ezyVet reference yet.');
    const code = `PORTAL-P${data.pet_id}`;
    const [found] = listOf(await this.http.get('/v1/animal', { code }, signal), 'animal', animalSchema).rows;
    if (found) return { outcome: 'written', refs: { pet_ref: String(found.id) } };
    const names = speciesNames[data.species.toLowerCase()] ?? [data.species.toLowerCase()];
    const speciesId = await this.catalog.idOf(
      'species',
      (name) => names.includes(name.toLowerCase()),
      signal,
    );
    if (speciesId === null) return invalid('The pet’s species is not among the ezyVet site’s species.');
    const breed = data.breed
      ? listOf(
          await this.http.get('/v1/breed', { name: data.breed, species_id: speciesId }, signal),
          'breed',
          breedSchema,
        ).rows[0]
      : undefined;
    const sexId = await this.catalog.idOf(
      'sex',
      (name) => name.toLowerCase() === data.sex.toLowerCase(),
      signal,
    );
    const body = {
      code,
      name: data.name,
      contact_id: Number(data.client_ref),
      species_id: speciesId,
      ...(breed && { breed_id: breed.id }),
      ...(sexId !== null && { sex_id: sexId }),
      is_desexed: data.neutered,
      ...(data.date_of_birth !== null && { date_of_birth: data.date_of_birth }),
      ...(data.microchip !== null && { microchip_number: data.microchip }),
    };
    const answer = await this.http.request('POST', '/v1/animal', {}, body, signal);
    if (answer.status >= 400) return invalid(refusal('the animal', answer));
    const [animal] = listOf(answer.body, 'animal', animalSchema).rows;
    if (!animal) throw new Error('ezyVet created an animal without answering it');
    return { outcome: 'written', refs: { pet_ref: String(animal.id) } };
  }
}
