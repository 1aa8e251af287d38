/** An error whose French message is safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const httpError = (statusCode: number, message: string): HttpError => new HttpError(statusCode, message);

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
