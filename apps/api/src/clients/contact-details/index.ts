/**
 * The contact-details module: UK phone and postcode rules, defined once in the contracts so the practice
 * import checks what the forms check. Other modules import only this file (decision 0054).
 */
export {
  nationalPhoneNumber,
  ukMobileNumber,
  ukPhoneNumber,
  ukPostcode,
} from '@vet/contracts/uk-contact-details';
