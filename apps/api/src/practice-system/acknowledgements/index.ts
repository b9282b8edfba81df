/**
 * The acknowledgements module: the practice system's references for records born online, through the
 * integration API (decision 0067). Other modules import only this file (decision 0054).
 */
export { acknowledgementRoutes } from './acknowledgement-routes.ts';
export { mergeRoutes } from './merge-routes.ts';
export { acknowledge } from './acknowledgement-service.ts';
export { createAcknowledgementRepository } from './acknowledgement-repository.ts';
