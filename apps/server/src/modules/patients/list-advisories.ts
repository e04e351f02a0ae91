import type { ManufacturerAdvisoryList } from '@portal/domain';
import type { Db } from '../../db/transaction';
import { findManufacturerAdvisories } from './advisories.repository';

/**
 * Every manufacturer advisory the portal knows, newest first. They are public notices, not clinic data:
 * the route lets in whoever reads advisories at some clinic.
 */
export async function listAdvisories(db: Db): Promise<ManufacturerAdvisoryList> {
  return { data: await findManufacturerAdvisories(db) };
}
