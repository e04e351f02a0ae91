import { z } from 'zod';

// What the simulators' entry processes share in reading their environment: an invalid value stops
// start-up with a message naming the variable.

export function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

export const logLevelVariable = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

/** A JSON fault setting, e.g. {"status":503,"times":2}, checked against the simulator's faults. */
export function faultsVariable<Faults>(schema: z.ZodType<Faults>) {
  return z
    .string()
    .optional()
    .transform((text, context): Faults | undefined => {
      if (text === undefined || text.trim() === '') return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"status":503,"times":2}' });
        return z.NEVER;
      }
      const faults = schema.safeParse(json);
      if (!faults.success) {
        for (const issue of faults.error.issues) {
          context.addIssue({
            code: 'custom',
            message: `${issue.path.join('.') || 'value'} ${issue.message}`,
          });
        }
        return z.NEVER;
      }
      return faults.data;
    });
}

/** The environment read with `schema`, or the process ends saying which variables are wrong. */
export function readEnvironment<Schema extends z.ZodType>(schema: Schema): z.output<Schema> {
  const environment = schema.safeParse(process.env);
  if (!environment.success) {
    const problems = environment.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    console.error(`Invalid configuration: ${problems.join('; ')}`);
    process.exit(1);
  }
  return environment.data;
}
