import { z } from 'zod';

export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    details: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('the fields at fault, on 400 and 422'),
  })
  .meta({ id: 'Error' });

/** Declares the shared error body for each status a route may answer with, for the OpenAPI document. */
export function errorResponses(...statusCodes: number[]): Record<number, typeof errorBodySchema> {
  return Object.fromEntries(statusCodes.map((code) => [code, errorBodySchema]));
}
