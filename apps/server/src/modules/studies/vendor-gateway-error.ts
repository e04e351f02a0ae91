import { HttpError } from '../../http/errors';

/** A vendor failed us, not the caller: 502, with the client's sentence a person at the clinic can act on. */
export class VendorGatewayError extends HttpError {
  constructor(message: string) {
    super(502, message);
    this.name = 'VendorGatewayError';
  }
}
