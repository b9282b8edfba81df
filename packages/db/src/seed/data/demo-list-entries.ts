/**
 * The Willowbrook group's own list entries (decision 0096): what its practice system has that the
 * reference lists lack, with its own codes. They come in through the demo export's list_entries.csv, as
 * a real group's would; the cancel dialog offers the reason beside the portal's.
 */
export const DEMO_LIST_ENTRIES = [
  {
    list: 'cancellation_reason',
    code: 'WB-CX-07',
    name: 'Moving to another Willowbrook practice',
    species: '',
    synonyms: 'Transferring practice',
  },
] as const;
