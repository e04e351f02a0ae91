import { z } from 'zod';

/** Device manufacturers and their codes (SPEC §3). */
export const MANUFACTURERS = [
  { code: 'BIO', name: 'Biotronik' },
  { code: 'BSX', name: 'Boston Scientific' },
  { code: 'MDT', name: 'Medtronic' },
  { code: 'STJ', name: 'St. Jude Medical' },
  { code: 'SOR', name: 'Sorin' },
] as const;
export const MANUFACTURER_CODES = ['BIO', 'BSX', 'MDT', 'STJ', 'SOR'] as const;
export const manufacturerCodeSchema = z.enum(MANUFACTURER_CODES);
export type ManufacturerCode = z.infer<typeof manufacturerCodeSchema>;

export const MANUFACTURER_NAMES = {
  BIO: 'Biotronik',
  BSX: 'Boston Scientific',
  MDT: 'Medtronic',
  STJ: 'St. Jude Medical',
  SOR: 'Sorin',
} as const satisfies Record<ManufacturerCode, string>;
