import { SERVER_MESSAGES } from '@tradeloop/contracts/common';

export type FieldErrors = Record<string, string[]>;

/** A failure the client caused or may see; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors?: FieldErrors;
  constructor(statusCode: number, message: string, errors?: FieldErrors) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export const notFound = (message: string = SERVER_MESSAGES.notFound) => new AppError(404, message);
export const unauthenticated = (message: string = SERVER_MESSAGES.unauthenticated) => new AppError(401, message);
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) => new AppError(403, message);
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors);
export const tooManyRequests = (message: string = SERVER_MESSAGES.rateLimited) => new AppError(429, message);

/**
 * The rule of every bulk operation (decision 026): each id given must name an object the caller may act
 * on, as it must when given alone. One that does not (another company's, or none at all) answers 404 and,
 * thrown inside the operation's transaction, changes nothing.
 */
export function requireAllFound<T>(requested: readonly T[], found: Iterable<T>): void {
  const known = new Set(found);
  if (requested.some((id) => !known.has(id))) throw notFound();
}

/** PostgreSQL's unique_violation, raised directly or wrapped by the driver layer. */
export function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } };
  return failure.code === '23505' || failure.cause?.code === '23505';
}

/** 422 with field messages; the envelope's message is the first field message. */
export function invalid(errors: FieldErrors, message?: string) {
  const first = Object.values(errors)[0]?.[0];
  return new AppError(422, message ?? first ?? SERVER_MESSAGES.validation, errors);
}
