import { describe, expect, it } from 'vitest';
import { buildAck, formatHl7Timestamp } from './hl7-ack';
import { parseHl7Message } from './hl7-message';

const NOW = new Date('2026-11-24T18:30:05Z');
const message = parseHl7Message(
  'MSH|^~\\&|CareLink^MDT|MDT-CARELINK|Portal|1234567893|20261101093000+0000||ORU^R01^ORU_R01|MSG1|P|2.6\rPID|||P1',
);

describe('buildAck', () => {
  it('acknowledges with AA, the addresses swapped and the message control id in MSA-2', () => {
    const ack = buildAck({ code: 'AA', message, controlId: 'ACK1', text: 'Session recorded', now: NOW });
    expect(ack.split('\r')).toEqual([
      'MSH|^~\\&|Portal|1234567893|CareLink^MDT|MDT-CARELINK|20261124183005+0000||ACK^R01^ACK|ACK1|P|2.6',
      'MSA|AA|MSG1|Session recorded',
      '',
    ]);
    // The ACK is itself an HL7 message.
    expect(parseHl7Message(ack).first('MSA')?.get(2)).toBe('MSG1');
  });

  it('names each error: ERR-2 where, ERR-3 the table 0357 code, ERR-4 severity, ERR-8 the message', () => {
    const ack = buildAck({
      code: 'AE',
      message,
      controlId: 'ACK2',
      text: 'OBX 3: OBX-5 must be a number',
      errors: [
        {
          location: { segment: 'OBX', sequence: 3, field: 5 },
          condition: 'dataTypeError',
          message: 'OBX 3: OBX-5 must be a number',
        },
        { location: { segment: 'PID', sequence: 1 }, condition: 'segmentSequenceError', message: 'a|b' },
      ],
      now: NOW,
    });
    const parsed = parseHl7Message(ack);
    expect(parsed.first('MSA')?.get(1)).toBe('AE');
    const [first, second] = parsed.all('ERR');
    expect(ack).toContain('ERR||OBX^3^5^1|102^Data type error^HL70357|E||||OBX 3: OBX-5 must be a number');
    expect(first?.components(3)).toEqual(['102', 'Data type error', 'HL70357']);
    expect(first?.get(4)).toBe('E');
    expect(second?.components(2)).toEqual(['PID', '1']);
    // Delimiters in a message are escaped, so the ACK still parses.
    expect(second?.get(8)).toBe('a|b');
    expect(ack).toContain('a\\F\\b');
  });

  it('answers a message it could not parse with what it has: no addresses, an empty MSA-2', () => {
    const ack = buildAck({
      code: 'AR',
      controlId: 'ACK3',
      errors: [
        {
          location: { segment: 'MSH', sequence: 1 },
          condition: 'segmentSequenceError',
          message: 'The message has no MSH segment',
        },
      ],
      now: NOW,
    });
    expect(ack.split('\r')).toEqual([
      'MSH|^~\\&|||||20261124183005+0000||ACK^^ACK|ACK3|P|2.6',
      'MSA|AR||',
      'ERR||MSH^1|100^Segment sequence error^HL70357|E||||The message has no MSH segment',
      '',
    ]);
  });

  it('writes HL7 timestamps in UTC to the second', () => {
    expect(formatHl7Timestamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102030405+0000');
  });
});
