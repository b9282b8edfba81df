/**
 * The stand-in's records: a Provet Cloud installation's data as its REST API returns it (record shapes:
 * https://developers.provetcloud.com/restapi/ guides; field lists as the browsable API shows them, see
 * provet-shapes.ts). Records relate by URL; ids are numbered per endpoint; `modified` is set on every
 * change, from the stand-in's clock. A catalogue item carries what a priced item needs (decision 0147):
 * `price`, `price_with_vat` and `archived`, as the provet-client gem's recorded item has them; that `item/`
 * filters on `modified` is assumed (provet-filters.ts), as is one price an item (no species variants, no
 * date a price takes effect: none in what we read).
 */

export const provetCollections = [
  'department',
  'user',
  'shift',
  'reason',
  'client',
  'phonenumber',
  'patient',
  'appointment',
  'consultationitem',
  'item',
  // Bills (decision 0155): invoice/ as howto_billing.html documents it, its fields as provet-bills.ts reads
  // them (the amounts, due_date, currency assumed); invoicerow/ assumed, fields and all.
  'invoice',
  'invoicerow',
] as const;
export type ProvetCollection = (typeof provetCollections)[number];
export type StoredRecord = Record<string, unknown> & { id: number; url: string };

/**
 * Species by code. 22001 is the documentation's (usage_examples.html: species 22001 answers "Dog (Canine -
 * Domestic)"); the others are the stand-in's own, as the documentation lists no more.
 */
export const standInSpecies: Readonly<Record<number, string>> = {
  22001: 'Dog (Canine - Domestic)',
  22002: 'Cat (Feline - Domestic)',
  22003: 'Rabbit',
};

export class ProvetStore {
  private readonly rows = new Map<ProvetCollection, Map<number, StoredRecord>>(
    provetCollections.map((collection) => [collection, new Map()]),
  );
  private readonly lastId = new Map<ProvetCollection, number>();
  /** Told of every record created or changed (the stand-in's webhooks: provet-webhook-sender.ts). */
  onChange: ((collection: ProvetCollection, record: StoredRecord) => void) | null = null;

  constructor(
    /** `http://127.0.0.1:<port>/<provet_id>/api/0.1` */
    readonly apiBase: string,
    private readonly now: () => number,
  ) {}

  url(collection: ProvetCollection, id: number | string): string {
    return `${this.apiBase}/${collection}/${id}/`;
  }

  stamp(): string {
    return new Date(this.now()).toISOString();
  }

  insert(collection: ProvetCollection, fields: Record<string, unknown>): StoredRecord {
    const id = (this.lastId.get(collection) ?? 0) + 1;
    this.lastId.set(collection, id);
    const record: StoredRecord = {
      ...fields,
      id,
      url: this.url(collection, id),
      created: this.stamp(),
      modified: this.stamp(),
    };
    this.rows.get(collection)!.set(id, record);
    this.onChange?.(collection, record);
    return record;
  }

  get(collection: ProvetCollection, id: number): StoredRecord | undefined {
    return this.rows.get(collection)!.get(id);
  }

  update(collection: ProvetCollection, id: number, fields: Record<string, unknown>): StoredRecord {
    const record = this.get(collection, id);
    if (!record) throw new Error(`No ${collection} ${id}`);
    Object.assign(record, fields, { modified: this.stamp() });
    this.onChange?.(collection, record);
    return record;
  }

  /** Gone for good: the API answers 404 for it and lists it no more. */
  remove(collection: ProvetCollection, id: number): void {
    this.rows.get(collection)!.delete(id);
  }

  /** In id order: the documentation names no ordering, so the stand-in keeps the stable one. */
  list(collection: ProvetCollection): StoredRecord[] {
    return [...this.rows.get(collection)!.values()].sort((a, b) => a.id - b.id);
  }

  /** A client's record as the API shows it: its phone numbers inline, as the record's `phone_numbers`. */
  present(collection: ProvetCollection, record: StoredRecord): StoredRecord {
    if (collection !== 'client') return record;
    const phones = this.list('phonenumber').filter((phone) => phone.client === record.url);
    return { ...record, phone_numbers: phones };
  }
}
