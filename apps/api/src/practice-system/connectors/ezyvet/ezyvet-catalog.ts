import type { z } from 'zod';
import { listOf, namedSchema, siteInformationSchema } from './ezyvet-answers.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';

type Site = z.infer<typeof siteInformationSchema>;

/** How long a site's short lists (statuses, species, sexes, detail types) are kept before reading again. */
const listTtlMs = 60 * 60_000;

/**
 * The site and its short reference lists, read once an hour (not per record: the rate limits are per
 * minute), and again at once when a record names an entry we have not seen.
 */
export class EzyvetCatalog {
  private readonly lists = new Map<string, { at: number; byId: Map<number, string> }>();
  private siteCache: { at: number; site: Site } | null = null;

  constructor(private readonly http: EzyvetHttp) {}

  /** v3/siteInformation: the site's id and time zone (https://developers.ezyvet.com/guides/booking.html). */
  async site(signal?: AbortSignal): Promise<Site> {
    if (this.siteCache && this.http.now() - this.siteCache.at < listTtlMs) return this.siteCache.site;
    const body = await this.http.get('/v3/siteInformation', {}, signal);
    const parsed = siteInformationSchema.safeParse(body);
    if (!parsed.success) throw new Error('ezyVet answered site information in a shape we do not know');
    const site = parsed.data;
    this.siteCache = { at: this.http.now(), site };
    return site;
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
