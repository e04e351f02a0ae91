import { buildDefaultSignatureSettings, type SignatureSettings } from '@portal/domain';

const PROMPT_KEYS = {
  crm: 'crmPrompts',
  wcd: 'wcdPrompts',
  sleep: 'sleepPrompts',
  abpm: 'abpmPrompts',
  rpm: 'rpmPrompts',
} as const satisfies Record<string, keyof SignatureSettings>;

/**
 * The quick-insert prompts of a document's service line. The clinic's stored signature settings are not
 * loaded yet, so these are SPEC's defaults (SPEC §8: missing settings use the defaults).
 */
export function listNotePrompts(
  serviceLine: string,
  settings: SignatureSettings = buildDefaultSignatureSettings(),
): string[] {
  const key = (PROMPT_KEYS as Record<string, (typeof PROMPT_KEYS)[keyof typeof PROMPT_KEYS]>)[serviceLine];
  const text = key ? settings[key] : settings.noIssuesNote;
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
