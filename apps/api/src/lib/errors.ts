export type FieldErrors = Record<string, string[]>;

/** A failure the client can act on: carries the HTTP status and the message shown to the user. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, errors?: FieldErrors, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

export class BadRequest extends AppError {
  constructor(message = 'The request could not be understood.') {
    super(400, message);
  }
}

export class Unauthenticated extends AppError {
  constructor() {
    super(401, 'Unauthenticated.');
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class ValidationFailed extends AppError {
  constructor(errors: FieldErrors, message = firstMessage(errors)) {
    super(422, message, errors);
  }
}

export class TooManyRequests extends AppError {
  constructor(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') {
    super(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

function firstMessage(errors: FieldErrors): string {
  return Object.values(errors).flat()[0] ?? 'The given data was invalid.';
}

export class ServiceUnavailable extends AppError {
  constructor(retryAfterSeconds: number, message = 'The service is busy. Please try again later.') {
    super(503, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
