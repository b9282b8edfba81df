import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { WriteResult } from '../vendor-port.ts';
import { animalSchema, breedSchema, contactSchema, listOf } from './ezyvet-answers.ts';
import type { EzyvetCatalog } from './ezyvet-catalog.ts';
import { EzyvetContactWrites } from './ezyvet-contact-writes.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { invalid, refusal } from './ezyvet-refusals.ts';

/** The portal's species names as ezyVet sites commonly name them (the portal's codes: Canine, Feline, …). */
const speciesNames: Record<string, string[]> = {
  dog: ['dog', 'canine'],
  cat: ['cat', 'feline'],
  rabbit: ['rabbit', 'lagomorph'],
};

/**
 * A client and a pet registered online, created in ezyVet as a contact (with its e-mail and phones as
 * contact details, and its address) and an animal (decision 0107). The portal's id goes into the record's code
 * (`PORTAL-C5012`, `PORTAL-P77`), and the code is looked up first: a retry finds the first write.
 */
export class EzyvetRegistrations {
  private readonly contacts: EzyvetContactWrites;

  constructor(
    private readonly http: EzyvetHttp,
    private readonly catalog: EzyvetCatalog,
  ) {
    this.contacts = new EzyvetContactWrites(http, catalog);
  }

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
    // The e-mail, phones and address the client gave (a retry after a lost answer adds none twice).
    const given = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
    await this.contacts.reach(contact.id, given, signal);
    await this.contacts.address(contact, data.client_id, given, signal);
    return { outcome: 'written', refs: { client_ref: String(contact.id) } };
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
