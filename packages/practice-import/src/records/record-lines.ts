import type { KindFile, RecordKind } from '../kinds/kind.ts';
import type { ImportRefusal } from '../engine/refusals.ts';
import type { RecordRefusal, RecordRows } from './record-types.ts';
import { childListField, parentReference } from './record-kinds.ts';

interface Place {
  /** The record's index in the request. */
  record: number;
  /** A child row's index among its record's child rows; null for the record's own row. */
  child: number | null;
}

/**
 * The staging line of every row given in memory: record i is line i + 1 of its kind's staging table;
 * child rows are numbered on in their own table. The engine names rows by file and line; this turns
 * them back into records and fields (`opening_hours[2].opens`), and rewords the import's "line 4 of
 * clients.csv" and "in the directory" for records that came without a file.
 */
export class RecordLines {
  private readonly childPlaces: Place[] = [];
  private readonly single: boolean;
  private readonly listField: string | null;

  constructor(
    private readonly kind: RecordKind,
    private readonly childKind: RecordKind | undefined,
    records: readonly RecordRows[],
  ) {
    this.single = records.length === 1;
    this.listField = childKind ? childListField(childKind) : null;
    records.forEach((record, index) =>
      record.children?.forEach((_, child) => this.childPlaces.push({ record: index, child })),
    );
  }

  recordLine = (index: number) => index + 1;

  /** The child rows' lines, in the order the records give them. */
  childLines(): number[] {
    return this.childPlaces.map((_, i) => i + 1);
  }

  placeOf(file: KindFile, line: number): Place | undefined {
    if (file === this.kind.file) return { record: line - 1, child: null };
    if (file === this.childKind?.file) return this.childPlaces[line - 1];
    return undefined;
  }

  /**
   * A refusal of the engine as the record's: on a child row, the field is prefixed with the row; a child
   * refused for its parent reference (which the record gave it) says nothing the record's own refusals
   * do not, and is left out (undefined).
   */
  refusalOf(refusal: ImportRefusal, place: Place): RecordRefusal | undefined {
    const reason = this.reword(refusal.reason, refusal.file as KindFile);
    if (place.child === null) return { field: refusal.column, reason };
    if (this.childKind && refusal.column === parentReference(this.childKind)?.column) return undefined;
    const row = `${this.listField}[${place.child}]`;
    return { field: refusal.column ? `${row}.${refusal.column}` : row, reason };
  }

  private reword(reason: string, file: KindFile): string {
    return reason
      .replace(/ \(no \w+\.csv in the directory\)/, '')
      .replace(/ in \w+\.csv or stored/, ' in the batch or stored')
      .replace(/(?:(\w+\.csv) )?line (\d+)/g, (_, other: string | undefined, line: string) =>
        this.describe((other as KindFile | undefined) ?? file, Number(line)),
      );
  }

  private describe(file: KindFile, line: number): string {
    const place = this.placeOf(file, line);
    if (!place) return `line ${line} of ${file}`;
    const item = `item ${place.record}`;
    if (place.child === null) return item;
    const row = `${this.listField}[${place.child}]`;
    return this.single ? row : `${item}’s ${row}`;
  }
}
