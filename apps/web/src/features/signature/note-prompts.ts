import type { UserSignatureSettings } from './api/get-signature-settings';

const PROMPT_KEYS = {
  crm: 'crmPrompts',
  wcd: 'wcdPrompts',
  sleep: 'sleepPrompts',
  abpm: 'abpmPrompts',
  rpm: 'rpmPrompts',
} as const satisfies Record<string, keyof UserSignatureSettings>;

type PromptSettings = Pick<
  UserSignatureSettings,
  (typeof PROMPT_KEYS)[keyof typeof PROMPT_KEYS] | 'noIssuesNote'
>;

/**
 * The quick-insert prompts of a document's service line, from the user's signature settings (their own,
 * else the clinic's, else the SPEC defaults: the server resolves that). A service line without a list
 * offers the no-issues note. Blank lines and repeats are dropped.
 */
export function listNotePrompts(serviceLine: string, settings: PromptSettings): string[] {
  const key = (PROMPT_KEYS as Record<string, (typeof PROMPT_KEYS)[keyof typeof PROMPT_KEYS]>)[serviceLine];
  const prompts = key ? settings[key] : [settings.noIssuesNote];
  return [...new Set(prompts.map((line) => line.trim()).filter(Boolean))];
}
