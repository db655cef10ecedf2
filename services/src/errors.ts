import { ERROR_MESSAGES, type ErrorCode } from '@drinks/contracts';

/** Every error meant for a client carries an HTTP status and a stable code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    detail?: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(detail ?? ERROR_MESSAGES[code] ?? code);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(detail: string, errors?: { path: string; message: string }[]) {
    super(400, 'VALIDATION_FAILED', detail, errors);
  }
}
export class UnauthorizedError extends AppError {
  constructor(detail = 'Authentication required.', code: ErrorCode = 'UNAUTHENTICATED') {
    super(401, code, detail);
  }
}
export class ForbiddenError extends AppError {
  constructor(detail = 'You are not allowed to do this.') {
    super(403, 'FORBIDDEN', detail);
  }
}
export class NotFoundError extends AppError {
  constructor(detail = 'Not found.') {
    super(404, 'NOT_FOUND', detail);
  }
}
/**
 * Something of another user's the caller may not learn exists (another's order): answered as missing, and
 * logged as refused access.
 */
export class NotYours extends NotFoundError {}
/** A business rule or a state transition refused (409). */
export class RuleViolation extends AppError {
  constructor(code: ErrorCode, detail?: string) {
    super(409, code, detail);
  }
}
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.');
  }
}
/**
 * A command was decided and saved, but the read models its answer is read from did not reach it in time
 * (the projector stopped or far behind): no stale or empty body is answered instead. A repeat under the same
 * Idempotency-Key appends nothing and answers what the command did once they have.
 */
export class ReadModelsBehind extends AppError {
  readonly retryAfterSeconds = 2;
  constructor(readonly position: number) {
    super(
      503,
      'READ_MODELS_BEHIND',
      'Your change was saved, but it does not show yet: it will in a moment. Ask again (with the same Idempotency-Key) to see it.',
    );
  }
}
