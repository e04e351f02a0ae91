import { describe, expect, it } from 'vitest';
import { escapeHl7, Hl7ParseError, parseHl7Message, STANDARD_DELIMITERS, unescapeHl7 } from './hl7-message';

const MESSAGE = [
  'MSH|^~\\&|CareLink^MDT|MDT-CARELINK|Portal|1234567893|20261101093000+0000||ORU^R01^ORU_R01|MSG1|P|2.6',
  'PID|||P-1^^^Clinic^MR~SN1^^^MDT^U||Doe^Jane^Q||19480312|F',
  'OBX|1|NM|721344^MDC_IDC_MSMT_BATTERY_VOLTAGE^MDC|1|3.01|V|||||F',
  'OBX|2|ST|^NOTE^L|1|a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f||||||F',
].join('\r');

describe('parseHl7Message', () => {
  it('reads fields, components and repetitions by their 1-based HL7 positions', () => {
    const message = parseHl7Message(MESSAGE);
    const msh = message.first('MSH');
    expect(msh?.get(1)).toBe('|');
    expect(msh?.get(2)).toBe('^~\\&');
    expect(msh?.get(3, 2)).toBe('MDT');
    expect(msh?.get(9, 1)).toBe('ORU');
    expect(msh?.get(9, 2)).toBe('R01');
    expect(msh?.get(10)).toBe('MSG1');
    const pid = message.first('PID');
    expect(pid?.repetitions(3)).toHaveLength(2);
    expect(pid?.get(3, 1, 1, 2)).toBe('SN1');
    expect(pid?.get(5, 2)).toBe('Jane');
    expect(pid?.get(99)).toBe('');
    expect(message.all('OBX').map((obx) => obx.sequence)).toEqual([1, 2]);
  });

  it('decodes the escape sequences after splitting, so an escaped delimiter stays text', () => {
    const note = parseHl7Message(MESSAGE).all('OBX')[1];
    expect(note?.get(5)).toBe('a|b^c&d~e\\f');
    expect(note?.components(5)).toHaveLength(1);
  });

  it('decodes \\Xhh\\ as UTF-8 bytes and \\.br\\ as a line break, and drops formatting escapes', () => {
    expect(unescapeHl7('M\\XC3BC\\ller', STANDARD_DELIMITERS)).toBe('Müller');
    expect(unescapeHl7('one\\.br\\two', STANDARD_DELIMITERS)).toBe('one\ntwo');
    expect(unescapeHl7('\\H\\bold\\N\\', STANDARD_DELIMITERS)).toBe('bold');
    expect(unescapeHl7('open \\F', STANDARD_DELIMITERS)).toBe('open \\F');
    // NUL cannot be stored: \X00\ decodes to nothing.
    expect(unescapeHl7('a\\X00\\b', STANDARD_DELIMITERS)).toBe('ab');
  });

  it('uses the delimiters MSH-1 and MSH-2 declare', () => {
    const message = parseHl7Message('MSH#*!/$#A*B#\rPID###X*Y!Z*W$V##');
    const pid = message.first('PID');
    expect(pid?.get(3, 1)).toBe('X');
    expect(pid?.get(3, 2)).toBe('Y');
    expect(pid?.get(3, 1, 1, 2)).toBe('Z');
    expect(pid?.get(3, 2, 2, 2)).toBe('V');
    expect(message.first('MSH')?.get(3, 2)).toBe('B');
  });

  it('tolerates CRLF, LF, blank lines and MLLP framing', () => {
    for (const ending of ['\r\n', '\n', '\r\r']) {
      const text = `\u000b${MESSAGE.split('\r').join(ending)}\u001c\r`;
      const message = parseHl7Message(text);
      expect(message.segments.map((segment) => segment.name)).toEqual(['MSH', 'PID', 'OBX', 'OBX']);
    }
  });

  it.each([
    ['not HL7 at all', 'hello world', 'The message has no MSH segment'],
    ['MSH not first', 'PID|||1\rMSH|^~\\&|A', 'The message must begin with its MSH segment'],
    ['delimiters that repeat', 'MSH|^^\\&|A', 'MSH-1 and MSH-2 must give five distinct delimiter characters'],
    ['no encoding characters', 'MSH|', 'MSH-1 and MSH-2 must give five distinct delimiter characters'],
    ['a second MSH', 'MSH|^~\\&|A\rMSH|^~\\&|B', 'A message has one MSH segment'],
    ['a segment without a name', 'MSH|^~\\&|A\r|||x', 'Segment 2 has no valid segment name'],
  ])('refuses %s', (_label, text, message) => {
    expect(() => parseHl7Message(text)).toThrow(Hl7ParseError);
    expect(() => parseHl7Message(text)).toThrow(message);
  });
});

describe('escapeHl7', () => {
  it('round-trips every delimiter through unescapeHl7', () => {
    const text = 'a|b^c&d~e\\f';
    expect(escapeHl7(text, STANDARD_DELIMITERS)).toBe('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f');
    expect(unescapeHl7(escapeHl7(text, STANDARD_DELIMITERS), STANDARD_DELIMITERS)).toBe(text);
  });

  it('joins an OBX field a sender wrapped over lines (Base64 ended with an escaped CR), and nothing else', () => {
    const text = [
      'MSH|^~\\&|A|B|C|D|20260101||ORU^R01|1|P|2.5',
      'OBX|1|ED|X^Y^LN|1|^application^pdf^Base64^QUJD\\X000d\\',
      'REVG\\X000d\\',
      '||||||F',
      'OBX|2|NM|^MDC_IDC_MSMT_BATTERY_VOLTAGE^MDC|1|3.0|V',
    ].join('\n');
    const message = parseHl7Message(text);
    expect(message.all('OBX')).toHaveLength(2);
    expect(message.first('OBX')?.get(5, 5).replace(/\s+/g, '')).toBe('QUJDREVG');
    expect(message.first('OBX')?.get(11)).toBe('F');
    expect(() =>
      parseHl7Message('MSH|^~\\&|A|B|C|D|20260101||ORU^R01|1|P|2.5\nPID|||1\nnot a segment'),
    ).toThrow(/no valid segment name/);
  });
});
