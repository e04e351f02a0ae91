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

/** Names clinics and vendors write for each manufacturer, compared without case, spaces or punctuation. */
const MANUFACTURER_ALIASES: Record<ManufacturerCode, readonly string[]> = {
  BIO: ['bio', 'biotronik'],
  BSX: ['bsx', 'bostonscientific', 'boston', 'bostonsci', 'guidant', 'cameronhealth'],
  MDT: ['mdt', 'medtronic'],
  // Abbott bought St. Jude Medical in 2017 and sells its devices under its own name.
  STJ: ['stj', 'stjude', 'stjudemedical', 'saintjudemedical', 'abbott', 'abbottmedical', 'sjm'],
  // Sorin's cardiac rhythm business went to LivaNova, then MicroPort CRM; ELA Medical before Sorin.
  SOR: ['sor', 'sorin', 'livanova', 'microport', 'microportcrm', 'elamedical', 'ela'],
};

/** The SPEC §3 code of a manufacturer written as a code or a name ('Abbott' → STJ); null when unknown. */
export function manufacturerCodeOf(text: string | null | undefined): ManufacturerCode | null {
  const key = (text ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (key === '') return null;
  for (const code of MANUFACTURER_CODES) if (MANUFACTURER_ALIASES[code].includes(key)) return code;
  return null;
}
