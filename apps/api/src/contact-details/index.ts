/**
 * The contact-details module: UK phone and postcode rules.
 * Other modules import only this file (decision 0054).
 */
export { nationalPhoneNumber, ukMobileNumber, ukPhoneNumber, ukPostcode } from './uk-contact-details.ts';
