import { assertCan, isBulkSignableDocumentType } from '@portal/domain';
import type { Db } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import type { Actor } from '../../plugins/authenticate';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { findDocumentById } from './documents.repository';
import { type SignInput, signDocument } from './sign-document';
import type { DocumentStorage } from './storage/file-storage';

export type BulkResult = { reportId: string; success: boolean };

/**
 * Signs many documents, each in its own transaction, so one failure never undoes another's signature.
 * With `bulk`, the clinic must allow bulk e-signing (flag and setting) and alerts are skipped unless the
 * clinic lets physicians bulk-sign alerts (SPEC §6). Every id gets a {reportId, success} answer.
 */
export async function signDocuments(
  context: { db: Db; storage: DocumentStorage },
  actor: Actor,
  ids: readonly string[],
  input: SignInput & { bulk: boolean },
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  const configurations = new Map<string, Awaited<ReturnType<typeof loadClinicConfiguration>>>();
  for (const id of ids) {
    try {
      if (input.bulk) {
        const document = await findDocumentById(context.db, id);
        if (!document) throw new HttpError(404, 'Document not found');
        let configuration = configurations.get(document.clinicNpi);
        if (!configuration) {
          configuration = await loadClinicConfiguration(context.db, document.clinicNpi);
          configurations.set(document.clinicNpi, configuration);
        }
        assertCan(actor.user, 'document:bulk-sign', document.clinicNpi, configuration);
        if (!isBulkSignableDocumentType(document.type, configuration))
          throw new HttpError(409, 'Alerts are not bulk-signed');
      }
      await signDocument(context, actor, id, input);
      results.push({ reportId: id, success: true });
    } catch {
      results.push({ reportId: id, success: false });
    }
  }
  return results;
}
