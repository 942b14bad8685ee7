// Domain errors carry what the client needs to hear; the HTTP layer maps each kind to a status.

export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request contradicts the current state (409). */
export class ConflictError extends DomainError {}
/** The resource does not exist, or no longer does (404). */
export class NotFoundError extends DomainError {}
/** The resource belongs to another organization (403). */
export class ForbiddenError extends DomainError {}
/** The request is well-formed but not acceptable (400). */
export class InvalidRequestError extends DomainError {}
/** Too much at once for this organization (429); the client may retry after `retryAfterSeconds`. */
export class TooManyRequestsError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
