/**
 * The addresses module: the UK address lookup's routes and its providers, the demo table and Ideal
 * Postcodes (decision 0098). Other modules import only this file (decision 0091).
 */
export type { AddressLookupSettings } from './address-lookup.ts';
export { addressRoutes } from './routes.ts';
