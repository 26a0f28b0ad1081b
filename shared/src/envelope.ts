import { z } from 'zod';

/** The spec's envelope: every JSON answer is `{status, msg, data}`; success is `status === 0`. */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), msg: z.string(), data });

/**
 * Error numbers (DESIGN.md "The contract"): the HTTP status and the envelope's `status` carry the
 * same number, so the console's rule "non-zero shows msg; 401 prompts 登录失效" holds for both.
 */
export const ErrorStatus = {
  validation: 400,
  session: 401,
  role: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedType: 415,
  rate: 429,
  internal: 500,
} as const;
export type ErrorStatus = (typeof ErrorStatus)[keyof typeof ErrorStatus];

export const OK = 0;
