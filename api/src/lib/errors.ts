import { messages } from '@toy/shared';

/** An expected failure: the HTTP status and the envelope's `status` are this number. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** `throw httpError(404, messages.common.notFound)` from any handler or hook. */
export const httpError = (status: number, msg: string) => new HttpError(status, msg);

export const notFound = () => httpError(404, messages.common.notFound);
