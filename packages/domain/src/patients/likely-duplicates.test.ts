import { describe, expect, it } from 'vitest';
import {
  type DuplicateCandidate,
  duplicateSearchKeys,
  findLikelyDuplicates,
  jaroWinkler,
  normalizeDeviceSerial,
  normalizePersonName,
  phoneticKey,
} from './likely-duplicates';

describe('normalizePersonName', () => {
  it.each([
    ['Łukasz', 'lukasz'],
    ['Żółć', 'zolc'],
    ['Müller', 'muller'],
    ['Søren', 'soren'],
    ['Strauß', 'strauss'],
    ["O'Brien", 'obrien'],
    ['O’Brien', 'obrien'],
    ['Mary-Ann', 'maryann'],
    ['  Mary Ann ', 'maryann'],
  ])('%s reads as %s', (name, normalized) => {
    expect(normalizePersonName(name)).toBe(normalized);
  });
});

describe('jaroWinkler', () => {
  it.each([
    // The textbook values (Winkler 1990).
    ['MARTHA', 'MARHTA', 0.9611],
    ['DWAYNE', 'DUANE', 0.84],
    ['DIXON', 'DICKSONX', 0.8133],
    ['Jon', 'John', 0.9333],
    ['Jhon', 'John', 0.925],
    ['Katherine', 'Catherine', 0.9259],
    ['Smith', 'Smyth', 0.8933],
    ['abc', 'xyz', 0],
  ])('%s ~ %s is %d', (a, b, similarity) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(similarity, 4);
  });

  it.each([
    ['Łukasz', 'Lukasz'],
    ['Żółć', 'Zolc'],
    ["O'Brien", 'OBrien'],
    ['Mary-Ann', 'Maryann'],
    ['SMITH', 'smith'],
  ])('%s and %s are the same name', (a, b) => {
    expect(jaroWinkler(a, b)).toBe(1);
  });

  it('is symmetric', () => {
    expect(jaroWinkler('Katherine', 'Catherine')).toBe(jaroWinkler('Catherine', 'Katherine'));
  });
});

describe('phoneticKey (Metaphone)', () => {
  it.each([
    ['Catherine', 'Kathryn', 'K0RN'],
    ['Jon', 'John', 'JN'],
    ['Steven', 'Stephen', 'STFN'],
    ['Smith', 'Smyth', 'SM0'],
    ['Schmidt', 'Schmitt', 'SKMT'],
    ['Mohammed', 'Muhammad', 'MHMT'],
    ['Łukasz', 'Lukasz', 'LKS'],
    ['Philips', 'Filips', 'FLPS'],
  ])('%s and %s share the key %s', (a, b, key) => {
    expect(phoneticKey(a)).toBe(key);
    expect(phoneticKey(b)).toBe(key);
  });

  it.each([
    ['Smith', 'Smart'],
    ['Anna', 'Hanna'],
    ['James', 'Emily'],
  ])('%s and %s sound different', (a, b) => {
    expect(phoneticKey(a)).not.toBe(phoneticKey(b));
  });
});

describe('normalizeDeviceSerial', () => {
  it.each([
    [' pjn-123 456 ', 'PJN123456'],
    ['RNB 100–200', 'RNB100200'],
  ])('%j reads as %s', (serial, normalized) => {
    expect(normalizeDeviceSerial(serial)).toBe(normalized);
  });
});

type Patient = DuplicateCandidate & { id: string };

const DOB = '1956-03-14';
const patient = (
  id: string,
  firstName: string,
  lastName: string,
  dob = DOB,
  deviceSerials?: string[],
): Patient => ({
  id,
  firstName,
  lastName,
  dob,
  ...(deviceSerials ? { deviceSerials } : {}),
});

describe('findLikelyDuplicates', () => {
  it.each([
    ['a misspelled first name', 'Jon', 'Smith', 'John', 'Smith'],
    ['transposed letters', 'Jhon', 'Smith', 'John', 'Smith'],
    ['K for C', 'Katherine', 'Jones', 'Catherine', 'Jones'],
    ['a transliteration', 'Mohammed', 'Khan', 'Muhammad', 'Khan'],
    ['a sound-alike spelling', 'Steven', 'Smyth', 'Stephen', 'Smith'],
    ['a missing middle name', 'John Michael', 'Smith', 'John', 'Smith'],
    ['an initial', 'J', 'Smith', 'John', 'Smith'],
    ['a short form', 'Jon', 'Smith', 'Jonathan', 'Smith'],
    ['accents typed without', 'Łukasz', 'Żółć', 'Lukasz', 'Zolc'],
    ['punctuation typed without', 'Mary-Ann', "O'Brien", 'Maryann', 'OBrien'],
    ['German spelling variants', 'Jürgen', 'Schmidt', 'Jurgen', 'Schmitt'],
    // Twins with near-identical names are flagged on purpose: the user confirms once.
    ['twins a letter apart (decided: warn)', 'Anna', 'Nowak', 'Hanna', 'Nowak'],
  ])(
    '%s on the same dob is a likely duplicate (%s %s ~ %s %s)',
    (_story, first, last, existingFirst, existingLast) => {
      const found = findLikelyDuplicates(patient('new', first, last), [
        patient('p1', existingFirst, existingLast),
      ]);
      expect(found.map((match) => [match.patient.id, match.reasons])).toEqual([
        ['p1', ['same-dob-similar-name']],
      ]);
    },
  );

  it.each([
    ['siblings (twins) with the same surname and dob', 'James', 'Smith', DOB, 'Emily', 'Smith', DOB],
    ['twins Emma and Emily', 'Emma', 'Smith', DOB, 'Emily', 'Smith', DOB],
    ['the same name on a different dob', 'John', 'Smith', DOB, 'John', 'Smith', '1962-03-14'],
    ['a common name on a different dob', 'Maria', 'Garcia', '1980-01-01', 'Maria', 'Garcia', '1980-01-02'],
    ['a different surname', 'John', 'Smith', DOB, 'John', 'Smart', DOB],
    ['a different first name', 'John', 'Smith', DOB, 'Peter', 'Smith', DOB],
  ])('%s is not a duplicate', (_story, first, last, dob, existingFirst, existingLast, existingDob) => {
    const found = findLikelyDuplicates(patient('new', first, last, dob), [
      patient('p1', existingFirst, existingLast, existingDob),
    ]);
    expect(found).toEqual([]);
  });

  it('finds the same device serial whatever the name and dob, typed any way', () => {
    const found = findLikelyDuplicates(patient('new', 'Robert', 'Brown', DOB, [' pjn-123 456 ']), [
      patient('p1', 'Bob', 'Browne', '1950-01-01', ['PJN123456']),
      patient('p2', 'Robert', 'Brown', '1950-01-01', ['PJN999999']),
    ]);
    expect(found.map((match) => [match.patient.id, match.reasons, match.score])).toEqual([
      ['p1', ['same-device-serial'], 1],
    ]);
  });

  it('ignores empty serials and empty names', () => {
    const found = findLikelyDuplicates(patient('new', '', 'Smith', DOB, ['  ']), [
      patient('p1', 'John', 'Smith', DOB, ['']),
    ]);
    expect(found).toEqual([]);
  });

  it('gives both reasons and ranks the best first', () => {
    const found = findLikelyDuplicates(patient('new', 'Jon', 'Smith', DOB, ['ABC-1']), [
      patient('fuzzy', 'Jhon', 'Smyth'),
      patient('serial', 'Peter', 'Jones', '1990-01-01', ['abc1']),
      patient('both', 'John', 'Smith', DOB, ['ABC 1']),
      patient('exact', 'Jon', 'Smith'),
      patient('other', 'Peter', 'Smith'),
    ]);
    expect(found.map((match) => match.patient.id)).toEqual(['both', 'serial', 'exact', 'fuzzy']);
    expect(found[0]?.reasons).toEqual(['same-dob-similar-name', 'same-device-serial']);
    expect(found[2]?.score).toBe(1);
  });
});

describe('duplicateSearchKeys', () => {
  it('gives the dob, the last name phonetic key and the normalised serials', () => {
    expect(duplicateSearchKeys(patient('new', 'Jon', 'Smyth', ` ${DOB} `, ['pjn-1', 'PJN 1', ' ']))).toEqual({
      dob: DOB,
      lastNamePhoneticKey: 'SM0',
      deviceSerials: ['PJN1'],
    });
  });

  it('gives the same last name key as the names it matches on sound', () => {
    expect(duplicateSearchKeys(patient('a', 'X', 'Schmidt')).lastNamePhoneticKey).toBe(
      duplicateSearchKeys(patient('b', 'X', 'Schmitt')).lastNamePhoneticKey,
    );
  });
});
