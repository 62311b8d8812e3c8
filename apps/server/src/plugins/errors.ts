import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, fieldProblem, type CurrentVersion, type ErrorBody, type ErrorCode, type ErrorDetail } from '@observatory/shared';
import { AppError, postgresCode } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart/form-data upload: a wrong body type is answered saying so. */
    upload?: boolean;
  }
}

const CODE_BY_STATUS = Object.fromEntries(Object.entries(ERROR_STATUS).map(([code, status]) => [status, code])) as Record<number, ErrorCode>;

/** More problems than this are summed up in one last entry: a huge bad body gets a bounded answer. */
export const MAX_ERROR_DETAILS = 100;
/** Problems named in the error text itself. */
const SUMMARY_DETAILS = 5;

function capped(details: ErrorDetail[]): ErrorDetail[] {
  if (details.length <= MAX_ERROR_DETAILS) return details;
  return [...details.slice(0, MAX_ERROR_DETAILS), { field: '(more)', message: `${details.length - MAX_ERROR_DETAILS} more problems not listed` }];
}

export function sendError(reply: FastifyReply, request: FastifyRequest, code: ErrorCode, error: string, details?: ErrorDetail[], current?: CurrentVersion) {
  const body: ErrorBody = { error, code, ...(details ? { details: capped(details) } : {}), ...(current ? { current } : {}), requestId: String(request.id) };
  return reply.status(ERROR_STATUS[code]).type('application/json').send(body);
}

/**
 * The body of an error met after an answer has begun (a streamed answer's last line): an
 * AppError as the handler would answer it, anything else logged and answered as ours.
 */
export function streamedErrorBody(err: unknown, request: FastifyRequest): ErrorBody {
  if (err instanceof AppError)
    return { error: err.message, code: err.code, ...(err.details ? { details: capped(err.details) } : {}), requestId: String(request.id) };
  request.log.error({ err, requestId: request.id }, 'Unexpected failure');
  return { error: `Something went wrong on our side (request ${request.id}); please try again`, code: 'INTERNAL', requestId: String(request.id) };
}

function validationDetails(err: FastifyError): ErrorDetail[] {
  const where = err.validationContext ?? 'body';
  return (err.validation ?? []).flatMap((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path ? `${where}.${path}` : where;
    // A strict schema's unknown fields (a query option no route takes): each named as the field.
    const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] }).keys : undefined;
    if (unknown?.length) return unknown.map((key) => ({ field: `${field}.${key}`, message: `Not a field here: ${key}` }));
    return [{ field, message: issue.message ?? 'Invalid value' }];
  });
}

/** The one error handler: every failure answers {error, code, details?, requestId}. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      if (err.status >= 500) request.log.warn({ err }, err.message);
      return sendError(reply, request, err.code, err.message, err.details, err.current);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = validationDetails(err as FastifyError);
      const named = details.slice(0, SUMMARY_DETAILS).map((d) => fieldProblem(d.field, d.message));
      const summary = [...named, ...(details.length > SUMMARY_DETAILS ? [`and ${details.length - SUMMARY_DETAILS} more problems`] : [])].join('; ');
      return sendError(reply, request, 'VALIDATION_FAILED', summary, details);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, request, 'PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${app.initialConfig.bodyLimit} bytes`, [
        { field: 'body', message: 'Too large' },
      ]);
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const expected = request.routeOptions.config.upload ? 'multipart/form-data, the file in a part named "file"' : 'application/json';
      return sendError(reply, request, 'UNSUPPORTED_MEDIA_TYPE', `Send the body as ${expected}`);
    }
    if (postgresCode(err) === '23505') return sendError(reply, request, 'CONFLICT', 'This already exists');
    // A row the change refers to was deleted meanwhile (an upload racing a delete).
    if (postgresCode(err) === '23503') return sendError(reply, request, 'CONFLICT', 'Something this refers to was deleted meanwhile; reload and try again');
    // Fastify's own client errors (malformed JSON, empty body with a JSON type...).
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
      const message = err.code?.startsWith('FST_ERR_CTP') ? `Invalid request body: ${err.message}` : err.message;
      return sendError(reply, request, code, message, code === 'VALIDATION_FAILED' ? [{ field: 'body', message }] : undefined);
    }
    request.log.error({ err, requestId: request.id }, 'Unexpected failure');
    return sendError(reply, request, 'INTERNAL', `Something went wrong on our side (request ${request.id}); please try again`);
  });
}

export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendError(reply, request, 'NOT_FOUND', `No such path: ${request.method} ${request.url.split('?')[0]}`);

export default fp(errorsPlugin, { name: 'errors' });
