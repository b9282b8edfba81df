/**
 * The pets module: a client's pets and online pet registration.
 * Other modules import only this file (decision 0054).
 */
export { registerNewPet } from './new-pets.ts';
export { petRoutes } from './routes.ts';
export { createPetsRepository } from './pets-repository.ts';
