import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@tradeloop/contracts/common';
import { AppError, type FieldErrors } from './errors.ts';

/** The success envelope: {status: true, data, message?}. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { status: true as const, data } : { status: true as const, data, message };
}

/**
 * Serializer of routes whose answer is assembled field by field from typed rows (the CRM lists). Their zod response
 * schema still types the handler and documents the route; checking a 100-row page again on its way out cost more
 * than writing it.
 */
export const serializeAsBuilt = () => (data: unknown) => JSON.stringify(data);

type Failure = { status: false; message: string; errors?: FieldErrors; request_id?: string };

function fieldErrors(error: { validation: { instancePath: string; message?: string }[]; validationContext?: string }) {
  const errors: FieldErrors = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    (errors[field] ??= []).push(issue.message ?? SERVER_MESSAGES.validation);
  }
  return errors;
}

/** Fastify's own client errors, by code, with the message we answer instead. */
const frameworkErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, SERVER_MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, SERVER_MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, SERVER_MESSAGES.invalidJson],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, SERVER_MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, SERVER_MESSAGES.invalidJson],
  // @fastify/multipart, where the route has no message of its own for it
  FST_PARTS_LIMIT: [413, SERVER_MESSAGES.bodyTooLarge],
  FST_FILES_LIMIT: [413, SERVER_MESSAGES.bodyTooLarge],
  FST_FIELDS_LIMIT: [413, SERVER_MESSAGES.bodyTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, SERVER_MESSAGES.bodyTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, SERVER_MESSAGES.unsupportedMediaType],
  FST_PROTO_VIOLATION: [400, SERVER_MESSAGES.invalidMultipart],
  FST_INVALID_JSON_FIELD_ERROR: [400, SERVER_MESSAGES.invalidMultipart],
  FST_MP_PREMATURE_CLOSE: [400, SERVER_MESSAGES.invalidMultipart],
};

/** Maps any thrown error to the failure envelope of ARCHITECTURE.md. Client mistakes never become 500s. */
export function toFailure(error: FastifyError | Error, requestId: string): { statusCode: number; body: Failure } {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, body: { status: false, message: error.message, errors: error.errors } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error);
    const message = Object.values(errors)[0]?.[0] ?? SERVER_MESSAGES.validation;
    return { statusCode: 422, body: { status: false, message, errors } };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? frameworkErrors[fastifyError.code] : undefined;
  if (known) return { statusCode: known[0], body: { status: false, message: known[1] } };
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { statusCode: 400, body: { status: false, message: SERVER_MESSAGES.invalidJson } };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { statusCode: status, body: { status: false, message: error.message } };
  }
  return { statusCode: 500, body: { status: false, message: SERVER_MESSAGES.internal, request_id: requestId } };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode, body } = toFailure(error, request.id);
    // A visitor who leaves while a page streams closes its answer early: no fault of the server's.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') request.log.info('the client left before the answer ended');
    else if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ statusCode, message: body.message }, 'request refused');
    return reply.status(statusCode).send(body);
  });
}

export function sendRouteNotFound(reply: FastifyReply) {
  return reply.status(404).send({ status: false, message: SERVER_MESSAGES.routeNotFound });
}
