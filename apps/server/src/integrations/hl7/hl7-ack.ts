import { escapeHl7, type Hl7Location, type Hl7Message, STANDARD_DELIMITERS } from './hl7-message';

/** MSA-1: accepted, error (the content is wrong: fix and resend) or rejected (the message itself is). */
export type AckCode = 'AA' | 'AE' | 'AR';

/** HL7 table 0357, message error condition codes, as far as the import uses them. */
export const HL7_ERROR_CODES = {
  segmentSequenceError: { code: '100', text: 'Segment sequence error' },
  requiredFieldMissing: { code: '101', text: 'Required field missing' },
  dataTypeError: { code: '102', text: 'Data type error' },
  tableValueNotFound: { code: '103', text: 'Table value not found' },
  unsupportedMessageType: { code: '200', text: 'Unsupported message type' },
  unknownKeyIdentifier: { code: '204', text: 'Unknown key identifier' },
  applicationInternalError: { code: '207', text: 'Application internal error' },
} as const;
export type Hl7ErrorCondition = keyof typeof HL7_ERROR_CODES;

/**
 * One ERR segment: where, which 0357 condition, and a message for the person who reads the ACK. Severity
 * (ERR-4, HL7 table 0516): E error (the default), W warning (the message was accepted; this part was not
 * understood).
 */
export type Hl7Error = {
  location: Hl7Location;
  condition: Hl7ErrorCondition;
  message: string;
  severity?: 'E' | 'W';
};

export type AckInput = {
  code: AckCode;
  /** The message acknowledged, when it could be parsed: its MSH gives the addresses and control id. */
  message?: Hl7Message | undefined;
  /** MSA-3: a short text (deprecated in 2.5+, still what most receivers show). */
  text?: string;
  errors?: readonly Hl7Error[];
  /** MSH-10 of the ACK itself. */
  controlId: string;
  now?: Date;
};

/** HL7 DTM to the second, in UTC: 20261124183000+0000. */
export function formatHl7Timestamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+0000`;
}

/**
 * Builds the ACK (general acknowledgement) for a message: MSH with sender and receiver swapped, MSA with the
 * code and the acknowledged message's control id (MSA-2), and one ERR per error: ERR-2 its location
 * (ERL: segment ^ sequence ^ field ^ repetition ^ component), ERR-3 its table 0357 code, ERR-4 severity (E, or W for a warning on an accepted message),
 * ERR-8 the user message. Always in the standard delimiters, segments ended with CR.
 */
export function buildAck(input: AckInput): string {
  const d = STANDARD_DELIMITERS;
  const text = (value: string) => escapeHl7(value, d);
  const msh = input.message?.first('MSH');
  const hd = (field: number) =>
    msh ? msh.components(field).map(text).join(d.component).replace(/\^+$/, '') : '';
  const trigger = msh?.get(9, 2) ?? '';
  const header = [
    'MSH',
    `${d.component}${d.repetition}${d.escape}${d.subcomponent}`,
    hd(5),
    hd(6),
    hd(3),
    hd(4),
    formatHl7Timestamp(input.now ?? new Date()),
    '',
    `ACK${d.component}${text(trigger)}${d.component}ACK`,
    text(input.controlId),
    text(msh?.get(11) || 'P'),
    text(msh?.get(12) || '2.6'),
  ].join(d.field);
  const msa = ['MSA', input.code, text(msh?.get(10) ?? ''), text(input.text ?? '')].join(d.field);
  const errors = (input.errors ?? []).map((error) => {
    const { segment, sequence, field, component } = error.location;
    const location = [segment, String(sequence), field ?? '', field === undefined ? '' : '1', component ?? '']
      .join(d.component)
      .replace(/\^+$/, '');
    const condition = HL7_ERROR_CODES[error.condition];
    return [
      'ERR',
      '',
      location,
      [condition.code, condition.text, 'HL70357'].join(d.component),
      error.severity ?? 'E',
      '',
      '',
      '',
      text(error.message),
    ].join(d.field);
  });
  return `${[header, msa, ...errors].join('\r')}\r`;
}
