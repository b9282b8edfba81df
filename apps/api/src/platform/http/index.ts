/**
 * The http module: the API's errors, error handler, logging and route defaults.
 * Other modules import only this file (decision 0054).
 */
export { answerUnknownRoute, errorHandlerPlugin } from './error-handler.ts';
export { toErrorResponse } from './error-response.ts';
export {
  ApiProblem,
  badRequest,
  conflict,
  errorBody,
  forbidden,
  notFound,
  reauthenticationRequired,
  REAUTHENTICATION_REQUIRED,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  unprocessable,
} from './errors.ts';
export type { Issue } from './errors.ts';
export { loggerOptions, serializeError } from './log-serializers.ts';
export type { LogDestination } from './log-serializers.ts';
export { RequestLogController } from './request-log.ts';
export { addResponses, routeDefaultsPlugin } from './route-defaults.ts';
