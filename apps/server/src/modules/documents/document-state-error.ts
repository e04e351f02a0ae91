import { frozenContentMessage } from '@portal/domain';
import { ConflictError } from '../../http/errors';

/** A document's state does not allow the action (409): already signed, locked, not unsigned… */
export class DocumentStateError extends ConflictError {}

/** A change to content that a signature or acknowledgement froze (409, naming the state and the fields). */
export function frozenContentError(status: string, fields: readonly string[]): DocumentStateError {
  return new DocumentStateError(
    frozenContentMessage(status, fields.join(', ')),
    fields.map((field) => ({ field, message: `cannot change while the document is ${status}` })),
  );
}
