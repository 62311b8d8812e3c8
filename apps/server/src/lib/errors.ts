import { ERROR_STATUS, fieldProblem, type CurrentVersion, type ErrorCode, type ErrorDetail } from '@observatory/shared';

/** The one error type services throw; the error handler turns it into HTTP. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;
  /** A 412's: the resource's version now, and who wrote it when. */
  readonly current: CurrentVersion | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; current?: CurrentVersion; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.current = options.current;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 400 naming one field. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', fieldProblem(field, message), { details: [{ field, message }] });
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** A 409 for a unique value already in use, naming the field so a form shows it there. */
export function taken(field: string, message: string): AppError {
  return new AppError('CONFLICT', message, { details: [{ field, message }] });
}

/** A 409 for a delete refused while something uses the thing: how many, and which. */
export const inUse = (what: string, names: string[]) =>
  new AppError('CONFLICT', `${what}: ${names.join(', ')}. Take it off ${names.length === 1 ? 'it' : 'them'} first.`);

/** The SQLSTATE of a database error, through Drizzle's wrapper if any (23505: a unique value taken; 57014: a statement cancelled). */
export function postgresCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : e?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
