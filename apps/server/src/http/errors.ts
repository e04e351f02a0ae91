// Errors a service throws on purpose; the error handler turns each into the shared error body.

export type FieldProblem = { field: string; message: string };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: FieldProblem[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class NotFoundError extends HttpError {
  constructor(what = 'Resource') {
    super(404, `${what} not found`);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, details?: FieldProblem[]) {
    super(409, message, details);
  }
}

export class UnprocessableError extends HttpError {
  constructor(message: string, details: FieldProblem[]) {
    super(422, message, details);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, details?: FieldProblem[]) {
    super(400, message, details);
  }
}

/** 503: the service cannot answer now (a dependency is down); the client is told when to try again. */
export class ServiceUnavailableError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}
