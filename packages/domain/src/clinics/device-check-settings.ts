import { z } from 'zod';

/** Device-check settings per clinic (SPEC §3). observationPrompts is stored newline-joined. */
export const deviceCheckSettingsSchema = z.object({
  observationPrompts: z.string(),
  isDefault: z.boolean(),
});
export type DeviceCheckSettings = z.infer<typeof deviceCheckSettingsSchema>;

export const DEFAULT_OBSERVATION_PROMPTS = ['Appropriate Device Function', 'Battery ERI'] as const;

/** Used when a clinic has none stored; isDefault tells the client to POST rather than PATCH. */
export const DEFAULT_DEVICE_CHECK_SETTINGS: DeviceCheckSettings = {
  observationPrompts: DEFAULT_OBSERVATION_PROMPTS.join('\n'),
  isDefault: true,
};
