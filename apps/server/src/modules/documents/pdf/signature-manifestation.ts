/**
 * What a signed PDF shows about its signature (SPEC §3 clinic settings 'signature label', 'PDF provider
 * note', 'footer text', 'hide DOS on sign', 'replace DOS with date of signature'; defaults in SPEC §9).
 */
export type SignatureManifestation = {
  /** Clinic setting, default 'Reviewed by:'. */
  signatureLabel: string;
  signerName: string;
  /** The signer's local date and time as shown, e.g. '11/21/2026 10:42:13 am'. */
  signedAtText: string;
  /** Clinic setting, default 'Provider Note'. */
  providerNoteLabel: string;
  /** At most 900 characters (SPEC §9); may be empty. */
  note: string;
  /** Clinic setting; may be empty. */
  footerText: string;
  dateOfService: DateOfServiceDisplay;
  documentId: string;
};

/**
 * 'show' prints `text`; 'hide' prints no date-of-service line; 'replace-with-signature-date' prints the
 * date part of `signedAtText` (what precedes its first space) and ignores `text`.
 */
export type DateOfServiceDisplay = {
  mode: 'show' | 'hide' | 'replace-with-signature-date';
  text: string;
};
