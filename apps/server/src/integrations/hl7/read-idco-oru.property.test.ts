import { MEASUREMENTS, SESSION_DEVICE_TYPES } from '@portal/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadHl7Fixture } from '../../modules/device-data/test-fixtures/hl7-fixtures';
import { parseHl7Message } from './hl7-message';
import { readIdcoOru } from './read-idco-oru';

// Issue 28 §1, as a property: a well-formed ORU^R01 (MSH-10, a PID with an identifier, a session time) is
// read whatever else its OBX segments carry — known or unknown terms, any value type, any value — and
// what the reader cannot use is a warning of severity W, never a refusal.
const TERMS = [
  ...MEASUREMENTS.map((definition) => definition.key.split('.')[0] as string),
  'MDC_IDC_DEV_TYPE',
  'MDC_IDC_PG_TYPE',
  'MDC_IDC_SESS_TYPE',
  'MDC_IDC_STAT_EPISODE_TYPE',
  'MDC_IDC_EPISODE_VENDOR_TYPE',
  'MDC_IDC_SET_BRADY_MODE',
  'MDC_IDC_NOT_A_TERM',
];
const text = fc.stringMatching(/^[A-Za-z0-9 .+\-_/%{}=]{0,24}$/);
const component = fc.oneof(
  text,
  fc.constantFrom('application', 'PDF', 'Base64', 'Null', 'CheckLead', '-5', '330'),
);
const obx = fc.record({
  type: fc.constantFrom('NM', 'ST', 'CWE', 'ED', 'DTM', 'TX', 'SN', ''),
  code: fc.oneof(fc.constant(''), fc.integer({ min: 700000, max: 760000 }).map(String)),
  term: fc.oneof(fc.constantFrom(...TERMS), text),
  subId: fc.oneof(fc.constant(''), fc.constantFrom('1', '2', '1.1'), text),
  value: fc.array(component, { minLength: 0, maxLength: 6 }).map((parts) => parts.join('^')),
  unit: fc.oneof(fc.constant(''), fc.constantFrom('V', 'Ohm', '%', 'ms', 'mV', '{shocks}', 'kg'), text),
});

describe('readIdcoOru, for any extra observations', () => {
  it('reads the transmission, keeps its known values and only warns', () => {
    const base = loadHl7Fixture('pacemaker-dual-chamber', { clinicNpi: '1234567893', controlId: 'P1' }).text;
    fc.assert(
      fc.property(fc.array(obx, { maxLength: 12 }), fc.boolean(), (extra, before) => {
        const lines = extra.map(
          (segment, index) =>
            `OBX|${100 + index}|${segment.type}|${segment.code}^${segment.term}^MDC|${segment.subId}|${segment.value}|${segment.unit}|||||F`,
        );
        // Extra observations after the known ones, or before them (then a known one may come second).
        const message = before
          ? base.replace('OBX|1|', `${lines.map((line) => `${line}\r`).join('')}OBX|1|`)
          : `${base}${lines.map((line) => `${line}\r`).join('')}`;
        const transmission = readIdcoOru(parseHl7Message(message));
        expect(transmission.warnings.every((warning) => warning.severity === 'W')).toBe(true);
        expect(transmission.patient.identifiers.length).toBeGreaterThan(0);
        expect(SESSION_DEVICE_TYPES).toContain(transmission.device.type);
        if (!before) {
          // The sender's device type, read first, stands whatever comes after it.
          expect(transmission.device.type).toBe('PM');
          const values = Object.fromEntries(transmission.measurements.map(({ key, value }) => [key, value]));
          expect(values.MDC_IDC_MSMT_LEADCHNL_RA_IMPEDANCE_VALUE).toBe(456);
          expect(transmission.session.date.toISOString()).toBe('2026-11-01T09:15:00.000Z');
        }
      }),
      { numRuns: 300 },
    );
  });
});
