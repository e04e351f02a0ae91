import { z } from 'zod';

/** Device types (SPEC §3). */
export const DEVICE_TYPES = ['PM', 'ICD', 'ILR', 'WCD', 'Sleep', 'ABPM', 'RPM'] as const;
export const deviceTypeSchema = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof deviceTypeSchema>;
