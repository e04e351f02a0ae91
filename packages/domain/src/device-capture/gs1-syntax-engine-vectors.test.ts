import { describe, expect, it } from 'vitest';
import { parseDeviceBarcode } from './device-barcode';
import vectorFile from './fixtures/gs1-syntax-engine-vectors.json';
import {
  findGs1Ai,
  findGs1DigitalSignatureProblem,
  findGs1PairingProblem,
  GS1_LINTERS_NOT_APPLIED,
} from './gs1-ai-table';
import { parseGs1DigitalLink } from './gs1-digital-link';
import { readGs1Elements } from './gs1-element-string';

// GS1's own test vectors: every vector of the gs1/gs1-syntax-engine unit tests in src/c-lib/ai.c
// (test_ai_parseAIdata, test_ai_processAIdata, test_ai_linters, test_ai_validateAIs) and src/c-lib/scandata.c
// (test_scandata_processScanData), extracted with their expected outcome into fixtures/gs1-syntax-engine-vectors.json
// (its source field and fixtures/README.md say where from). Each is run against the stage of the portal's reader
// that matches the engine function it tests. The few the portal treats differently are listed in EXCEPTIONS with
// the reason, and each exception is itself checked.

type Vector = {
  source: string;
  line: number;
  test: string;
  valid: boolean;
  input: string;
  check?: string;
  linterError?: string;
  symbology?: string;
  dataStr?: string;
  dlAIs?: string;
};
const vectors = (vectorFile as { vectors: Vector[] }).vectors;
const GS = '\u001d';

/** The syntax stage (format, character sets, check digits, linters), as ai.c's parse and process functions. */
function syntaxAccepts(data: string): boolean {
  if (data === '') return false;
  const elements = readGs1Elements(data);
  return !('code' in elements);
}

type Exception = { reason: string; check: (vector: Vector) => boolean };

/** Vectors the portal answers differently, by design, keyed by source file and line. */
const EXCEPTIONS: Record<string, Exception> = {
  'ai.c:1708': {
    reason: 'raw element strings without a leading FNC1 are read: keyboard-wedge scanners often omit it',
    check: (vector) => syntaxAccepts(vector.input),
  },
};

/** The reason a vector is answered differently, or null. */
function exceptionFor(vector: Vector): Exception | null {
  const listed = EXCEPTIONS[`${vector.source}:${vector.line}`];
  if (listed) return listed;
  const ai = /^\((\d+)\)/.exec(vector.input)?.[1] ?? '';
  const notApplied = findGs1Ai(ai)
    ?.components.flatMap((component) => component.linters)
    .find((linter) => GS1_LINTERS_NOT_APPLIED.includes(linter));
  if (vector.test === 'test_ai_linters' && !vector.valid && notApplied && syntaxAccepts(vector.input)) {
    return {
      reason: `the AI's linter '${notApplied}' needs reference data (country, currency, coupon or GS1 Company Prefix tables) the portal does not hold`,
      // Everything else about the value passes (format, character set, check digits, dates); only the linter
      // the portal does not apply refuses it.
      check: () => notApplied !== undefined && GS1_LINTERS_NOT_APPLIED.includes(notApplied),
    };
  }
  if (vector.test === 'test_ai_validateAIs' && /\((89|3338)\)/.test(vector.input)) {
    return {
      reason:
        "the engine runs these with 'permit unknown AIs'; the portal refuses an AI GS1 does not define, (89) and (3338) among them",
      check: () => {
        const read = readGs1Elements(vector.input);
        return 'code' in read && read.code === 'unknown-ai';
      },
    };
  }
  return null;
}

function portalAgrees(vector: Vector): boolean {
  switch (vector.test) {
    case 'test_ai_parseAIdata':
      return syntaxAccepts(vector.input) === vector.valid;
    case 'test_ai_processAIdata': {
      if (!vector.input.startsWith('^')) return syntaxAccepts(vector.input) === vector.valid;
      return syntaxAccepts(vector.input.slice(1).replaceAll('^', GS)) === vector.valid;
    }
    case 'test_ai_linters':
      return syntaxAccepts(vector.input) === vector.valid;
    case 'test_ai_validateAIs': {
      const elements = readGs1Elements(vector.input);
      if ('code' in elements) return false;
      if (vector.check === 'validateAIrepeats') {
        const values = new Map<string, string>();
        const agreeing = elements.every(
          ({ ai, value }) => (values.get(ai) ?? value) === value && values.set(ai, value),
        );
        return agreeing === vector.valid;
      }
      if (vector.check === 'validateDigSigRequiresSerialisedKey')
        return (findGs1DigitalSignatureProblem(elements) === null) === vector.valid;
      return (findGs1PairingProblem(elements.map((element) => element.ai)) === null) === vector.valid;
    }
    case 'test_scandata_processScanData': {
      const result = parseDeviceBarcode(vector.input, new Date('2026-06-15T00:00:00Z'));
      const data = vector.dataStr ?? '';
      if (!vector.valid) return !result.ok;
      if (/^https?:/i.test(data)) {
        // The engine accepts any URI as plain data; the AIs it extracts (dlAIbuffer) are what a Digital Link carries.
        if (!vector.dlAIs) return !result.ok;
        const link = parseGs1DigitalLink(vector.input);
        return (
          link.ok &&
          `^${link.elements.map((element) => `${element.ai}${element.value}`).join('')}` === vector.dlAIs
        );
      }
      if (data.startsWith('^') || /^\d{8,14}(\||$)/.test(data)) {
        if (!result.ok || result.format !== 'gs1') return false;
        // The engine's data string: '^'-joined element strings, an EAN/UPC's digits as they came.
        const joined = result.elements.map((element) => `${element.ai}${element.value}`).join('');
        if (data.startsWith('^')) return joined === data.replaceAll('^', '');
        const [gtin = '', composite = ''] = data.split('|');
        return joined === `01${gtin.padStart(14, '0')}${composite.replaceAll('^', '')}`;
      }
      // Plain (non-GS1) data the engine accepts as such is not a device code for the portal.
      return !result.ok && result.format === 'unknown';
    }
    default:
      throw new Error(`unknown test ${vector.test}`);
  }
}

describe("GS1's syntax engine vectors (gs1/gs1-syntax-engine, ai.c and scandata.c)", () => {
  const regular = vectors.filter((vector) => !exceptionFor(vector));
  it.each(
    regular.map(
      (vector) =>
        [`${vector.source}:${vector.line} ${vector.test} ${JSON.stringify(vector.input)}`, vector] as const,
    ),
  )('%s', (_name, vector) => {
    expect(portalAgrees(vector), `expected ${vector.valid ? 'accepted' : 'refused'}`).toBe(true);
  });

  const excepted = vectors.filter((vector) => exceptionFor(vector));
  it.each(
    excepted.map(
      (vector) => [`${vector.source}:${vector.line} ${JSON.stringify(vector.input)}`, vector] as const,
    ),
  )('differs by design: %s', (_name, vector) => {
    const exception = exceptionFor(vector);
    expect(exception?.check(vector), exception?.reason).toBe(true);
  });

  it('answers all but a few the way GS1 does', () => {
    // Of 336 vectors, 74 test linters needing reference tables (coupons, ISO 3166/4217, IBAN, GCP), 10 use
    // AIs GS1 does not define, 1 omits the leading FNC1; all others must agree.
    expect(excepted.length).toBeLessThanOrEqual(85);
    expect(regular.length).toBeGreaterThanOrEqual(251);
  });

  it('covers every vector the two files hold', () => {
    expect(vectors.length).toBeGreaterThan(300);
    expect(new Set(vectors.map((vector) => vector.test))).toEqual(
      new Set([
        'test_ai_parseAIdata',
        'test_ai_processAIdata',
        'test_ai_linters',
        'test_ai_validateAIs',
        'test_scandata_processScanData',
      ]),
    );
  });
});
