import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { WriteResult } from '../vendor-port.ts';
import type { ProvetHttp } from './provet-http.ts';
import { portalMarker } from './provet-map.ts';
import { unexpected } from './provet-http.ts';
import {
  type ProvetClient,
  type ProvetClientCreate,
  type ProvetClientPatch,
  provetCustomerTypes,
  provetGenderCodes,
  provetMobileTypeCode,
  type ProvetPage,
  type ProvetPatient,
  type ProvetPatientCreate,
} from './provet-shapes.ts';
import { refused, refusedFields, waitingFor, written } from './provet-write-results.ts';

/**
 * A client and a pet registered online, created as howto_clients_patients.html and usage_examples.html
 * show, each looked up first by the portal's id in its `remarks` (provet-write.ts says why).
 */

export async function registerClient(
  http: ProvetHttp,
  departmentId: string,
  d: PracticeEventData<'client.registered'>,
  signal?: AbortSignal,
): Promise<WriteResult> {
  const marker = portalMarker('client', d.client_id);
  // email__is and lastname__icontains are the client list's documented filters (howto_clients_patients.html).
  const query: Record<string, string> = d.email
    ? { email__is: d.email }
    : { lastname__icontains: d.last_name };
  const found = await http.request({
    method: 'GET',
    collection: 'client',
    url: 'client/',
    query,
    signal,
  });
  if (found.status !== 200) throw unexpected(found.status, 'GET client/');
  let client = (found.json as ProvetPage<ProvetClient>).results.find((c) =>
    (c.remarks ?? '').includes(marker),
  );
  if (!client) {
    const body: ProvetClientCreate = {
      firstname: d.first_name,
      lastname: d.last_name,
      country: 'GB',
      customer_type: provetCustomerTypes.privatePerson,
      home_department: http.recordUrl('department', departmentId),
      remarks: marker,
      ...(d.email ? { email: d.email } : {}),
      ...(d.salutation ? { title: d.salutation } : {}),
      ...(d.address_line1 ? { street_address: d.address_line1 } : {}),
      ...(d.address_line2 ? { street_address_2: d.address_line2 } : {}),
      ...(d.town ? { city: d.town } : {}),
      ...(d.postcode ? { zip_code: d.postcode } : {}),
    };
    const created = await http.request({
      method: 'POST',
      collection: 'client',
      url: 'client/',
      body,
      signal,
    });
    if (created.status === 400) return refused('invalid', refusedFields(created.json));
    if (created.status !== 201 && created.status !== 200) throw unexpected(created.status, 'POST client/');
    client = created.json as ProvetClient;
    client.phone_numbers ??= [];
  }
  // Phone numbers are records of their own (howto_clients_patients.html); type codes: provet-shapes.ts.
  const phones: [string | null, number][] = [
    [d.mobile_phone, provetMobileTypeCode],
    [d.home_phone, provetMobileTypeCode + 1],
  ];
  for (const [phone, typeCode] of phones) {
    if (!phone || client.phone_numbers.some((p) => p.phone_number === phone)) continue;
    const added = await http.request({
      method: 'POST',
      collection: 'phonenumber',
      url: 'phonenumber/',
      body: { client: client.url, phone_number: phone, type_code: typeCode },
      signal,
    });
    if (added.status >= 500) throw unexpected(added.status, 'POST phonenumber/');
  }
  return written({ client_ref: String(client.id) });
}

export async function registerPet(
  http: ProvetHttp,
  speciesCodes: Readonly<Record<string, number>>,
  d: PracticeEventData<'pet.registered'>,
  signal?: AbortSignal,
): Promise<WriteResult> {
  if (!d.client_ref) throw waitingFor('client');
  const species = speciesCodes[d.species.toLowerCase()];
  if (species === undefined)
    return refused('invalid', `No Provet species code is configured for ${d.species}.`);
  const marker = portalMarker('pet', d.pet_id);
  const found = await http.request({
    method: 'GET',
    collection: 'patient',
    url: 'patient/',
    query: { client__is: d.client_ref },
    signal,
  });
  if (found.status !== 200) throw unexpected(found.status, 'GET patient/');
  const ours = (found.json as ProvetPage<ProvetPatient>).results.find((p) =>
    (p.remarks ?? '').includes(marker),
  );
  if (ours) return written({ pet_ref: String(ours.id) });
  const gender = provetGenderCodes[d.sex as keyof typeof provetGenderCodes];
  const body: ProvetPatientCreate = {
    name: d.name,
    client: http.recordUrl('client', d.client_ref),
    species,
    remarks: marker,
    ...(gender ? { gender } : {}),
    ...(d.date_of_birth ? { date_of_birth: d.date_of_birth } : {}),
    ...(d.microchip ? { microchip: d.microchip } : {}),
    ...(d.colour ? { color: d.colour } : {}),
  };
  const created = await http.request({
    method: 'POST',
    collection: 'patient',
    url: 'patient/',
    body,
    signal,
  });
  if (created.status === 400) return refused('invalid', refusedFields(created.json));
  if (created.status !== 201 && created.status !== 200) throw unexpected(created.status, 'POST patient/');
  return written({ pet_ref: String((created.json as ProvetPatient).id) });
}

/**
 * The client's own changes: PATCH client/{id}/ for names, e-mail and address (and the home department when
 * the new practice maps to one); each phone number changed in its own record, added, or removed when
 * cleared, so the next read does not bring the old number back.
 */
export async function changeClient(
  http: ProvetHttp,
  departmentOfPractice: Readonly<Record<string, string>>,
  d: PracticeEventData<'client.details_changed'>,
  signal?: AbortSignal,
): Promise<WriteResult> {
  if (!d.client_ref) throw waitingFor('client');
  const c = d.changed;
  const department = c.practice_ref ? departmentOfPractice[c.practice_ref] : undefined;
  const patch: ProvetClientPatch = {
    ...(c.first_name !== undefined ? { firstname: c.first_name } : {}),
    ...(c.last_name !== undefined ? { lastname: c.last_name } : {}),
    ...(c.email ? { email: c.email } : {}),
    ...(c.salutation !== undefined ? { title: c.salutation ?? '' } : {}),
    ...(c.address_line1 !== undefined ? { street_address: c.address_line1 ?? '' } : {}),
    ...(c.address_line2 !== undefined ? { street_address_2: c.address_line2 ?? '' } : {}),
    ...(c.town !== undefined ? { city: c.town ?? '' } : {}),
    ...(c.postcode !== undefined ? { zip_code: c.postcode ?? '' } : {}),
    ...(department ? { home_department: http.recordUrl('department', department) } : {}),
  };
  const url = `client/${d.client_ref}/`;
  const answer = Object.keys(patch).length
    ? await http.request({ method: 'PATCH', collection: 'client', url, body: patch, signal })
    : await http.request({ method: 'GET', collection: 'client', url, signal });
  if (answer.status === 404) return refused('invalid', 'The client is no longer in Provet Cloud.');
  if (answer.status === 400) return refused('invalid', refusedFields(answer.json));
  if (answer.status !== 200)
    throw unexpected(answer.status, `${Object.keys(patch).length ? 'PATCH' : 'GET'} client/{id}/`);
  const client = answer.json as ProvetClient;
  const phones: [string | null | undefined, number][] = [
    [c.mobile_phone, provetMobileTypeCode],
    [c.home_phone, provetMobileTypeCode + 1],
  ];
  for (const [phone, typeCode] of phones) {
    if (phone === undefined) continue;
    const held = (client.phone_numbers ?? []).find((p) => p.type_code === typeCode);
    if (held?.phone_number === phone) continue;
    const change = held
      ? phone === null
        ? await http.request({
            method: 'DELETE',
            collection: 'phonenumber',
            url: `phonenumber/${held.id}/`,
            signal,
          })
        : await http.request({
            method: 'PATCH',
            collection: 'phonenumber',
            url: `phonenumber/${held.id}/`,
            body: { phone_number: phone },
            signal,
          })
      : phone === null
        ? null
        : await http.request({
            method: 'POST',
            collection: 'phonenumber',
            url: 'phonenumber/',
            body: { client: client.url, phone_number: phone, type_code: typeCode },
            signal,
          });
    if (change && change.status >= 500) throw unexpected(change.status, 'phonenumber/');
    if (change?.status === 400) return refused('invalid', refusedFields(change.json));
  }
  return written({ client_ref: d.client_ref });
}
