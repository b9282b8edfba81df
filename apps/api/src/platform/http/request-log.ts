import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request at `info`, when it has been answered: its method and route template (the `req`
 * serializer), status and time. Fastify's own writes two (one on arrival, without the status), which
 * doubles the log's volume and its writes on the hot path; the arrival line stays, at `debug`, for
 * following a request that never finishes. A route's own `logLevel` (the probes' `warn`) silences both.
 * Fastify's other lines (errors, stream faults) are its own.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
