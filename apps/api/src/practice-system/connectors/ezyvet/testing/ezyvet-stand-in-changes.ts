import type { z } from 'zod';
import type { EzyvetDatabase } from './ezyvet-records.ts';
import {
  addressCreateSchema,
  addressPatchSchema,
  animalPatchSchema,
  contactDetailPatchSchema,
  contactPatchSchema,
} from './ezyvet-requests.ts';
import { errorAnswer, isAnswer, parsed, single, type RouteAnswer } from './ezyvet-stand-in-routes.ts';

/** The records a client's online changes reach, each with its documented change (ezyvet-requests.ts). */
const patchable = {
  contact: [contactPatchSchema, 'contact change'],
  address: [addressPatchSchema, 'address change'],
  contactdetail: [contactDetailPatchSchema, 'contact detail change'],
  animal: [animalPatchSchema, 'animal change'],
} as const satisfies Record<string, [z.ZodType, string]>;

/**
 * PATCH /v1/{contact,address,contactdetail,animal}/{id} and POST /v1/address. An inactive record cannot
 * be changed (the documentation is silent: 404, as for a record that is not there, is the conservative
 * answer); a contact's address must be an address of the site.
 */
export function changeRecord(
  db: EzyvetDatabase,
  method: string,
  path: string,
  body: unknown,
  now: number,
): RouteAnswer | null {
  if (method === 'POST' && path === '/v1/address') {
    const request = parsed(addressCreateSchema, body, 'address');
    if (isAnswer(request)) return request;
    const blank = { street_1: '', street_2: '', city: '', region: '', post_code: '' };
    return single(db, 'address', db.insert('address', { ...blank, ...request }), now);
  }
  const match = /^\/v1\/(contact|address|contactdetail|animal)\/(\d+)$/.exec(path);
  if (method !== 'PATCH' || !match) return null;
  const table = match[1] as keyof typeof patchable;
  const id = Number(match[2]);
  const [schema, what] = patchable[table];
  const change = parsed(schema as z.ZodType<object>, body, what);
  if (isAnswer(change)) return change;
  if (!db.find(table, id)?.active) return errorAnswer(404, 'NotFoundException', `No such ${table}.`);
  const address = (change as { address_physical?: number }).address_physical;
  if (address !== undefined && !db.find('address', address)?.active) {
    return errorAnswer(400, 'InvalidRequestException', 'The address does not exist.');
  }
  return single(db, table, db.update(table, id, change), now);
}
