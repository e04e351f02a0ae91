/**
 * Likely-duplicate patients (issue 13 §4): a create whose patient probably exists already.
 *
 * "Probably exists" is the same dob and a similar name, or the same device serial. The thresholds were
 * chosen on the pairs in likely-duplicates.test.ts:
 * - Last names: Jaro-Winkler ≥ 0.92 or the same phonetic key. Surnames are seldom misspelled, so the bar is
 *   high; Smith/Smyth (0.89) passes on the key, Schmidt/Schmitt (0.94) on both, Smith/Smart (0.79) on neither.
 *   Known gap: Meyer/Meier (0.89, MYR/MR) and Nowak/Novak (0.89, NWK/NFK) are not matched.
 * - First names: Jaro-Winkler ≥ 0.85, the same phonetic key, or one a prefix of the other (an initial,
 *   'Jon'/'Jonathan', a missing middle name). Misspelled first names cause about half of real duplicates:
 *   Jhon/John (0.93), Katherine/Catherine (0.93), Mohammed/Muhammad (0.85, and the same key) all pass, while siblings'
 *   different names (James/Emily 0.47, Emma/Emily 0.71) do not.
 * - Twins with near-identical names (Anna/Hanna, 0.93) are flagged on purpose: a false warning costs one
 *   confirmation, a missed duplicate splits a medical record in two.
 */

/** Letters that Unicode decomposition leaves whole (Ł is not an L with a mark). */
const LETTERS_WITHOUT_DECOMPOSITION: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
};

/**
 * A name reduced to the letters a-z and digits: no case, accents, hyphens, apostrophes or spaces, so
 * Łukasz ~ Lukasz, Żółć ~ Zolc, O'Brien ~ OBrien and Mary-Ann ~ Maryann.
 */
export function normalizePersonName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łøßđðþæœı]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter)
    .replace(/[^a-z0-9]/g, '');
}

/** A device serial as typed on any form: trimmed, upper case, without spaces or dashes. */
export function normalizeDeviceSerial(serial: string): string {
  return serial
    .trim()
    .toUpperCase()
    .replace(/[\s\u2010-\u2015-]/g, '');
}

const WINKLER_PREFIX_SCALE = 0.1;
const WINKLER_MAX_PREFIX = 4;

/** The Jaro similarity of two strings as given, 0 (nothing in common) to 1 (equal). */
function jaro(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched: boolean[] = new Array(a.length).fill(false);
  const bMatched: boolean[] = new Array(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = true;
      bMatched[j] = true;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let outOfOrder = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j++;
    if (a[i] !== b[j]) outOfOrder++;
    j++;
  }
  const transpositions = outOfOrder / 2;
  return (matches / a.length + matches / b.length + (matches - transpositions) / matches) / 3;
}

/**
 * The Jaro-Winkler similarity of two names (prefix scale 0.1, prefix of at most 4), compared after
 * normalizePersonName: 1 for the same name, 0 for nothing in common.
 */
export function jaroWinkler(a: string, b: string): number {
  const left = normalizePersonName(a);
  const right = normalizePersonName(b);
  const similarity = jaro(left, right);
  let prefix = 0;
  while (prefix < WINKLER_MAX_PREFIX && prefix < left.length && left[prefix] === right[prefix]) prefix++;
  return similarity + prefix * WINKLER_PREFIX_SCALE * (1 - similarity);
}

const isVowel = (letter: string | undefined) => letter !== undefined && 'AEIOU'.includes(letter);

/**
 * A phonetic key: Lawrence Philips' original Metaphone (1990), which suits English and the common
 * European spellings (PH = F, TH = 0, SCH = SK, C/K/Q = K, silent GH, vowels only at the start), so
 * Catherine and Kathryn are both 'K0RN', Steven and Stephen 'STFN', Mohammed and Muhammad 'MHMT'.
 * Runs of one sound collapse to one letter, so Schmidt and Schmitt are both 'SKMT'. Not truncated.
 */
export function phoneticKey(name: string): string {
  let word = normalizePersonName(name).replace(/[0-9]/g, '').toUpperCase();
  // Doubled letters sound once, except CC ('Acci' is K-S).
  word = word.replace(/([A-BD-Z])\1+/g, '$1');
  if (/^(AE|GN|KN|PN|WR)/.test(word)) word = word.slice(1);
  else if (word.startsWith('X')) word = `S${word.slice(1)}`;
  else if (word.startsWith('WH')) word = `W${word.slice(2)}`;

  let key = '';
  const at = (i: number) => word[i];
  for (let i = 0; i < word.length; i++) {
    const letter = word[i] as string;
    const previous = at(i - 1);
    const next = at(i + 1);
    const afterNext = at(i + 2);
    let sound = '';
    switch (letter) {
      case 'A':
      case 'E':
      case 'I':
      case 'O':
      case 'U':
        if (i === 0) sound = letter;
        break;
      case 'B':
        if (!(previous === 'M' && i === word.length - 1)) sound = 'B';
        break;
      case 'C':
        if (next === 'I' && afterNext === 'A') sound = 'X';
        else if (next === 'H') sound = previous === 'S' ? 'K' : 'X';
        else if (next === 'I' || next === 'E' || next === 'Y') sound = previous === 'S' ? '' : 'S';
        else sound = 'K';
        break;
      case 'D':
        sound = next === 'G' && (afterNext === 'E' || afterNext === 'Y' || afterNext === 'I') ? 'J' : 'T';
        break;
      case 'G':
        if (next === 'H' && i + 2 < word.length && !isVowel(afterNext)) sound = '';
        else if (next === 'N' && (i + 2 === word.length || word.slice(i + 1) === 'NED')) sound = '';
        else if ((next === 'I' || next === 'E' || next === 'Y') && previous !== 'G') sound = 'J';
        else sound = 'K';
        break;
      case 'H':
        if ((isVowel(previous) && !isVowel(next)) || 'CSPTG'.includes(previous ?? '')) sound = '';
        else sound = 'H';
        break;
      case 'K':
        sound = previous === 'C' ? '' : 'K';
        break;
      case 'P':
        sound = next === 'H' ? 'F' : 'P';
        break;
      case 'Q':
        sound = 'K';
        break;
      case 'S':
        if (next === 'H') sound = 'X';
        else if (next === 'I' && (afterNext === 'O' || afterNext === 'A')) sound = 'X';
        else sound = 'S';
        break;
      case 'T':
        if (next === 'I' && (afterNext === 'O' || afterNext === 'A')) sound = 'X';
        else if (next === 'H') sound = '0';
        else if (next === 'C' && afterNext === 'H') sound = '';
        else sound = 'T';
        break;
      case 'V':
        sound = 'F';
        break;
      case 'W':
      case 'Y':
        if (isVowel(next)) sound = letter;
        break;
      case 'X':
        sound = 'KS';
        break;
      case 'Z':
        sound = 'S';
        break;
      default:
        sound = letter;
    }
    for (const code of sound) {
      if (!key.endsWith(code)) key += code;
    }
  }
  return key;
}

export type DuplicateCandidate = {
  firstName: string;
  lastName: string;
  /** ISO date, 'YYYY-MM-DD'. */
  dob: string;
  deviceSerials?: readonly string[];
};

export type DuplicateReason = 'same-dob-similar-name' | 'same-device-serial';

export type LikelyDuplicate<Patient extends DuplicateCandidate> = {
  patient: Patient;
  reasons: DuplicateReason[];
  /** 0-2: a shared device serial counts 1, a similar name its mean Jaro-Winkler similarity. */
  score: number;
};

const LAST_NAME_MIN_SIMILARITY = 0.92;
const FIRST_NAME_MIN_SIMILARITY = 0.85;

function lastNamesSimilar(a: string, b: string): boolean {
  const key = phoneticKey(a);
  return jaroWinkler(a, b) >= LAST_NAME_MIN_SIMILARITY || (key !== '' && key === phoneticKey(b));
}

function firstNamesSimilar(a: string, b: string): boolean {
  const left = normalizePersonName(a);
  const right = normalizePersonName(b);
  if (left === '' || right === '') return false;
  if (left.startsWith(right) || right.startsWith(left)) return true;
  const key = phoneticKey(a);
  return jaroWinkler(a, b) >= FIRST_NAME_MIN_SIMILARITY || (key !== '' && key === phoneticKey(b));
}

function normalizedSerials(patient: DuplicateCandidate): string[] {
  const serials = (patient.deviceSerials ?? []).map(normalizeDeviceSerial).filter((serial) => serial !== '');
  return [...new Set(serials)];
}

/** The existing patients the candidate probably is, with why and how sure, best first (ties keep their order). */
export function findLikelyDuplicates<Patient extends DuplicateCandidate>(
  candidate: DuplicateCandidate,
  existing: readonly Patient[],
): LikelyDuplicate<Patient>[] {
  const candidateSerials = new Set(normalizedSerials(candidate));
  const candidateDob = candidate.dob.trim();
  const found: LikelyDuplicate<Patient>[] = [];
  for (const patient of existing) {
    const reasons: DuplicateReason[] = [];
    let score = 0;
    const sameDob = candidateDob !== '' && patient.dob.trim() === candidateDob;
    if (
      sameDob &&
      lastNamesSimilar(candidate.lastName, patient.lastName) &&
      firstNamesSimilar(candidate.firstName, patient.firstName)
    ) {
      reasons.push('same-dob-similar-name');
      score +=
        (jaroWinkler(candidate.lastName, patient.lastName) +
          jaroWinkler(candidate.firstName, patient.firstName)) /
        2;
    }
    if (normalizedSerials(patient).some((serial) => candidateSerials.has(serial))) {
      reasons.push('same-device-serial');
      score += 1;
    }
    if (reasons.length > 0) found.push({ patient, reasons, score });
  }
  return found.sort((a, b) => b.score - a.score);
}

export type DuplicateSearchKeys = {
  dob: string;
  lastNamePhoneticKey: string;
  deviceSerials: string[];
};

/**
 * What a database pre-filter narrows on before findLikelyDuplicates compares the rows: `dob = ? OR serial
 * IN (…)` is exact and leaves a handful of rows (about 27 patients share a dob in a million). Adding
 * `AND last_name_key = ?` to the dob branch narrows further but drops last names similar only by
 * Jaro-Winkler, so use it only where the dob alone leaves too many rows.
 */
export function duplicateSearchKeys(candidate: DuplicateCandidate): DuplicateSearchKeys {
  return {
    dob: candidate.dob.trim(),
    lastNamePhoneticKey: phoneticKey(candidate.lastName),
    deviceSerials: normalizedSerials(candidate),
  };
}
