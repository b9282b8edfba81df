// The matching form is shared with the web's fields (@vet/contracts/list-key); its callers here import it
// from this module.
export { listKey } from '@vet/contracts/list-key';
