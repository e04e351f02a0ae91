/** A prompt list shown one prompt a line. */
export function toPromptText(prompts: readonly string[]): string {
  return prompts.join('\n');
}

/** A multiline field's text as a prompt list: one prompt a line, blank lines and edge spaces dropped. */
export function toPromptList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
