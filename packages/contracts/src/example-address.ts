/**
 * The one made-up address of the integration contract's examples (the practice's and its client's), in
 * the import files' columns, which the events' fields are named after (decision 0067).
 */
export const exampleAddress = {
  address_line1: '1 Example Street',
  address_line2: null,
  town: 'Canterbury',
  county: 'Kent',
  postcode: 'CT1 1AA',
};
