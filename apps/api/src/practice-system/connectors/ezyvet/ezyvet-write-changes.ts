import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { WriteResult } from '../vendor-port.ts';
import { contactSchema, listOf } from './ezyvet-answers.ts';
import type { EzyvetCatalog } from './ezyvet-catalog.ts';
import { EzyvetContactWrites } from './ezyvet-contact-writes.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { invalid, refusal } from './ezyvet-refusals.ts';

type PetEvent = PracticeEventData<'pet.details_changed' | 'pet.died' | 'pet.rehomed'>;

/**
 * A client's and a pet's changes made online, written into ezyVet (decision 0116): the contact's names,
 * its contact details and its address; the animal's name, neutering and microchip, its death
 * (`is_dead`) and its rehoming (made inactive: ezyVet documents no rehomed status, and the portal knows
 * no new owner to name). Each is a value set, so a retry after a lost answer changes nothing more. The
 * salutation, insurer and policy number have no field in what ezyVet documents: they are not written.
 */
export class EzyvetChanges {
  private readonly contacts: EzyvetContactWrites;

  constructor(
    private readonly http: EzyvetHttp,
    catalog: EzyvetCatalog,
  ) {
    this.contacts = new EzyvetContactWrites(http, catalog);
  }

  async client(
    data: PracticeEventData<'client.details_changed'>,
    signal?: AbortSignal,
  ): Promise<WriteResult> {
    if (!data.client_ref) return invalid('The client has no ezyVet reference yet.');
    const id = Number(data.client_ref);
    const [contact] = listOf(
      await this.http.get('/v1/contact', { id }, signal),
      'contact',
      contactSchema,
    ).rows;
    if (!contact) return invalid('The client is no longer active in ezyVet.');
    const { first_name, last_name } = data.changed;
    const names = { ...(first_name && { first_name }), ...(last_name && { last_name }) };
    if (Object.keys(names).length > 0) {
      const answer = await this.http.request('PATCH', `/v1/contact/${id}`, {}, names, signal);
      if (answer.status >= 400) return invalid(refusal('the contact', answer));
    }
    await this.contacts.reach(id, data.changed, signal);
    await this.contacts.address(contact, data.client_id, data.changed, signal);
    return { outcome: 'written', refs: { client_ref: data.client_ref } };
  }

  async pet(data: PracticeEventData<'pet.details_changed'>, signal?: AbortSignal): Promise<WriteResult> {
    const { name, neutered, microchip } = data.changed;
    return this.patchAnimal(
      data,
      {
        ...(name !== undefined && { name }),
        ...(neutered !== undefined && { is_desexed: neutered }),
        // Clearing: an empty string (the documentation does not say null clears a field).
        ...(microchip !== undefined && { microchip_number: microchip ?? '' }),
      },
      signal,
    );
  }

  died(data: PracticeEventData<'pet.died'>, signal?: AbortSignal): Promise<WriteResult> {
    return this.patchAnimal(data, { is_dead: true }, signal);
  }

  rehomed(data: PracticeEventData<'pet.rehomed'>, signal?: AbortSignal): Promise<WriteResult> {
    return this.patchAnimal(data, { active: false }, signal);
  }

  private async patchAnimal(data: PetEvent, change: object, signal?: AbortSignal): Promise<WriteResult> {
    if (!data.pet_ref) return invalid('The pet has no ezyVet reference yet.');
    const refs = { pet_ref: data.pet_ref };
    // Only the insurer or policy changed: nothing ezyVet holds.
    if (Object.keys(change).length === 0) return { outcome: 'not-applicable' };
    const answer = await this.http.request('PATCH', `/v1/animal/${data.pet_ref}`, {}, change, signal);
    if (answer.status === 404) {
      // A rehoming repeated after a lost answer finds the animal inactive already: its work is done.
      if ('active' in change) return { outcome: 'written', refs };
      return invalid('The pet is no longer active in ezyVet.');
    }
    if (answer.status >= 400) return invalid(refusal('the animal', answer));
    return { outcome: 'written', refs };
  }
}
