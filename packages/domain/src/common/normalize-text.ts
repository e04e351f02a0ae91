/** Converts CRLF and CR line endings to '\n' and trims every line (SPEC §5). */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}

/** Text lists (signature prompts, device-check observations) are stored newline-joined. */
export function joinLines(lines: readonly string[]): string {
  return lines.join('\n');
}

/** Reads a newline-joined list back: normalised, with blank lines dropped. */
export function splitLines(stored: string | null | undefined): string[] {
  if (!stored) return [];
  return normalizeText(stored)
    .split('\n')
    .filter((line) => line !== '');
}
