import type { StudyResource } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { ConflictError } from '../../http/errors';
import type { IngestContext } from '../documents/ingest-document';
import { findStudyById } from './studies.repository';
import { getStudyInScope } from './study-access';
import { VendorNotConfiguredError, type ZollPort } from './study-vendors';
import { syncZollStudy } from './sync-zoll-study';
import { loadStudyResource } from './to-study-resource';
import { VendorGatewayError } from './vendor-gateway-error';

/**
 * POST zoll/check-for-updates/{id}: asks Zoll now, rather than waiting for its next update, and answers
 * with the study as it stands after. A study not yet sent is a 409; Zoll unreachable or refusing is a
 * 502 with its sentence, and nothing changes.
 */
export async function checkZollStudy(
  context: { ingest: IngestContext; zoll: ZollPort | undefined; describe: (error: unknown) => string },
  actor: Actor,
  target: { clinicNpi: string; studyId: string },
): Promise<StudyResource> {
  const { db } = context.ingest;
  const study = await getStudyInScope(db, actor, { ...target, suite: 'sleep' }, 'study:push');
  if (!study.vendorReference)
    throw new ConflictError('This study has not been sent to Zoll yet: push it first.', [
      { field: 'push', message: `is ${study.pushState}` },
    ]);
  if (!context.zoll) throw new VendorGatewayError(new VendorNotConfiguredError('Zoll', 'ZOLL_URL').message);
  try {
    await syncZollStudy({ ingest: context.ingest, zoll: context.zoll }, study.id);
  } catch (error) {
    throw new VendorGatewayError(context.describe(error));
  }
  const updated = await findStudyById(db, study.id);
  return loadStudyResource(db, updated as NonNullable<typeof updated>);
}
