import { GROUP_SEPARATOR } from './group-separators';

// A USB barcode scanner in keyboard mode ("keyboard wedge") types the code into the page. It types much
// faster than anyone: a few milliseconds per key, where a person takes 80–250 ms. So a scan is a burst of
// printable keys, each within a few tens of milliseconds of the one before, ended by the Enter or Tab the
// scanner is set to send after the code (or by a pause). Anything slower is typing, never a scan.

export type KeyboardWedgeOptions = {
  /** The longest gap between two keys of one scan, in ms (default 50). */
  maxInterKeyMs?: number;
  /** The fewest characters a scan has (default 8): a device code is longer than a burst of typing. */
  minLength?: number;
  /** KeyboardEvent.key values that end a scan (default Enter and Tab). */
  endKeys?: readonly string[];
};

export type KeyboardWedgeScan = { kind: 'scan'; text: string };

export type KeyboardWedgeDetector = {
  /** One keydown (KeyboardEvent.key and timeStamp, in ms); a scan when this key ends one. */
  push(key: string, timeStamp: number): KeyboardWedgeScan | null;
  /** Call after a pause (a timer of a little over maxInterKeyMs): a scan without an end key ends here. */
  flush(timeStamp: number): KeyboardWedgeScan | null;
  /** Forgets the keys so far (the field lost focus, the page changed). */
  reset(): void;
};

/** Keys a scanner presses along with the characters (Shift for capitals); they neither count nor break. */
const MODIFIER_KEYS = /* @__PURE__ */ new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'CapsLock',
  'NumLock',
]);

/** Key values that stand for the group separator: the character itself, or a named key some drivers send. */
const GROUP_SEPARATOR_KEYS = /* @__PURE__ */ new Set([GROUP_SEPARATOR, 'GroupSeparator']);

/**
 * A pure state machine that tells a keyboard-wedge scan from typing by timing alone. Feed it every keydown;
 * it answers a scan when an end key (or, through flush, a pause) closes a burst of at least minLength
 * printable keys, each within maxInterKeyMs of the previous one. The group separator keys come out as
 * '\u001d'.
 */
export function createKeyboardWedgeDetector(options: KeyboardWedgeOptions = {}): KeyboardWedgeDetector {
  const maxInterKeyMs = options.maxInterKeyMs ?? 50;
  const minLength = options.minLength ?? 8;
  const endKeys = new Set(options.endKeys ?? ['Enter', 'Tab']);
  let characters: string[] = [];
  let lastKeyAt = Number.NEGATIVE_INFINITY;

  const reset = () => {
    characters = [];
    lastKeyAt = Number.NEGATIVE_INFINITY;
  };
  const isBurstGap = (timeStamp: number) => timeStamp - lastKeyAt <= maxInterKeyMs;
  const finish = (): KeyboardWedgeScan | null => {
    const text = characters.join('');
    reset();
    return text.length >= minLength ? { kind: 'scan', text } : null;
  };

  return {
    push(key, timeStamp) {
      if (MODIFIER_KEYS.has(key)) return null;
      if (endKeys.has(key)) {
        if (characters.length > 0 && isBurstGap(timeStamp)) return finish();
        reset();
        return null;
      }
      const character = GROUP_SEPARATOR_KEYS.has(key) ? GROUP_SEPARATOR : key;
      // Only single characters are printable keys; Backspace, arrows and the like end any burst.
      if ([...character].length !== 1) {
        reset();
        return null;
      }
      if (characters.length > 0 && !isBurstGap(timeStamp)) characters = [];
      characters.push(character);
      lastKeyAt = timeStamp;
      return null;
    },
    flush(timeStamp) {
      if (characters.length === 0 || isBurstGap(timeStamp)) return null;
      return finish();
    },
    reset,
  };
}
