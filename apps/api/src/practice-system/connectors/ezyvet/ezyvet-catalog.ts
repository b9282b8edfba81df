import type { z } from 'zod';
import { VendorAnswerUnknown } from '../vendor-port.ts';
import { appointmentTypeSchema, listOf, namedSchema, siteInformationSchema } from './ezyvet-answers.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';

type Site = z.infer<typeof siteInformationSchema>;

/**
 * An appointment type that blocks time rather than offers it: ezyVet's availability guide
 * (https://developers.ezyvet.com/guides/availability.html) puts "a Block Out - Unavailable planning guide"
 * in place to make a resource unavailable. A site names its own types: these words are the convention.
 */
export const blockOutName = /block.?out|unavailab/i;

/** How long a site's short lists (statuses, species, sexes, detail types) are kept before reading again. */
const listTtlMs = 60 * 60_000;

/**
 * The site and its short reference lists, read once an hour (not per record: the rate limits are per
 * minute), and again at once when a record names an entry we have not seen.
 */
export class EzyvetCatalog {
  private readonly lists = new Map<string, { at: number; byId: Map<number, string> }>();
  private siteCache: { at: number; site: Site } | null = null;
  private typesCache: { at: number; all: Set<number>; blockOut: Map<number, string> } | null = null;

  constructor(private readonly http: EzyvetHttp) {}

  /** v3/siteInformation: the site's id and time zone (https://developers.ezyvet.com/guides/booking.html). */
  async site(signal?: AbortSignal): Promise<Site> {
    if (this.siteCache && this.http.now() - this.siteCache.at < listTtlMs) return this.siteCache.site;
    const body = await this.http.get('/v3/siteInformation', {}, signal);
    const parsed = siteInformationSchema.safeParse(body);
    if (!parsed.success)
      throw new VendorAnswerUnknown('ezyVet answered site information in a shape we do not know');
    const site = parsed.data;
    this.siteCache = { at: this.http.now(), site };
    return site;
  }

  /** The site's appointment types: every id, and the block-out ones' names (their guides are closures). */
  private async types(signal?: AbortSignal) {
    if (this.typesCache && this.http.now() - this.typesCache.at < listTtlMs) return this.typesCache;
    const rows = await readAll(
      this.http,
      '/v2/appointmenttype',
      'appointmenttype',
      appointmentTypeSchema,
      {},
      signal,
    );
    const blockOut = new Map(
      rows.filter((row) => blockOutName.test(row.name)).map((row) => [row.id, row.name]),
    );
    this.typesCache = { at: this.http.now(), all: new Set(rows.map((row) => row.id)), blockOut };
    return this.typesCache;
  }

  /** The name of the block-out type a guide names, or null (a type new to us reads the list again once). */
  async blockOutName(typeId: number | null, signal?: AbortSignal): Promise<string | null> {
    if (typeId === null) return null;
    let types = await this.types(signal);
    if (!types.all.has(typeId)) {
      this.typesCache = null;
      types = await this.types(signal);
    }
    return types.blockOut.get(typeId) ?? null;
  }

  /** A short list's names by id: appointmentstatus, species, sex, contactdetailtype. */
  async names(
    list: 'appointmentstatus' | 'species' | 'sex' | 'contactdetailtype',
    signal?: AbortSignal,
  ): Promise<Map<number, string>> {
    const cached = this.lists.get(list);
    if (cached && this.http.now() - cached.at < listTtlMs) return cached.byId;
    const rows = await readAll(this.http, `/v1/${list}`, list, namedSchema, {}, signal);
    const byId = new Map(rows.map((row) => [row.id, row.name]));
    this.lists.set(list, { at: this.http.now(), byId });
    return byId;
  }

  /** A name by id, reading the list again once if the id is new to us. */
  async nameOf(
    list: 'appointmentstatus' | 'species' | 'sex' | 'contactdetailtype',
    id: number,
    signal?: AbortSignal,
  ): Promise<string | null> {
    const found = (await this.names(list, signal)).get(id);
    if (found !== undefined) return found;
    this.lists.delete(list);
    return (await this.names(list, signal)).get(id) ?? null;
  }

  /** The id of a list's entry by its name (case-insensitive), or null. */
  async idOf(
    list: 'appointmentstatus' | 'species' | 'sex' | 'contactdetailtype',
    matches: (name: string) => boolean,
    signal?: AbortSignal,
  ): Promise<number | null> {
    for (const [id, name] of await this.names(list, signal)) if (matches(name)) return id;
    return null;
  }
}

/** Every page of a list (the short ones, or the children of a page of parents), page by page. */
export async function readAll<S extends z.ZodType>(
  http: EzyvetHttp,
  path: string,
  key: string,
  schema: S,
  query: Record<string, string | number | boolean | object | undefined>,
  signal?: AbortSignal,
): Promise<z.infer<S>[]> {
  const rows: z.infer<S>[] = [];
  for (let page = 1; ; page += 1) {
    const body = await http.get(
      path,
      { active: true, ...query, limit: http.options.pageSize ?? 200, page },
      signal,
    );
    const answer = listOf(body, key, schema);
    rows.push(...answer.rows);
    if (page >= answer.meta.items_page_total) return rows;
  }
}
