import { buildDateRangeFilter, clinicsWherePermitted, type DocumentListQuery } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { BadRequestError, NotFoundError } from '../../http/errors';

import { decodeCursor, findDocumentsPage, resolveSortColumns } from './documents.repository';
import { loadDocumentResources } from './to-document-resource';

const orAny = <T>(value: T | 'any' | undefined): T | undefined => (value === 'any' ? undefined : value);

/** The inbox list: the actor's clinics only, filtered, sorted and paged by keyset (or offset). */
export async function listDocuments(db: Db, actor: Actor, query: DocumentListQuery) {
  const scope = clinicsWherePermitted(actor.user, 'document:read');
  const clinicNpi = orAny(query['filter[clinicNpi]']);
  if (clinicNpi && scope !== 'all' && !scope.includes(clinicNpi)) throw new NotFoundError('Clinic');

  const assigned = query['filter[assignedTo]'];
  const assignedTo =
    !assigned || assigned === 'any'
      ? undefined
      : assigned === 'unassigned'
        ? null
        : assigned === 'me'
          ? actor.id
          : assigned;
  const range = buildDateRangeFilter({
    after: query['filter[dosAfter]'],
    before: query['filter[dosBefore]'],
  });

  const sortColumns = resolveSortColumns(query.sort);
  // Grouped, the cursor holds each row's group keys as well as its own.
  const groupByPatient = query.groupBy === 'patient';
  const cursorValues = query['page[cursor]']
    ? decodeCursor(query['page[cursor]'], sortColumns.length * (groupByPatient ? 2 : 1))
    : undefined;
  if (cursorValues === null) {
    throw new BadRequestError('Invalid page[cursor]', [
      { field: 'page[cursor]', message: 'is not a cursor of this list' },
    ]);
  }

  const page = await findDocumentsPage(db, {
    filters: {
      scope,
      clinicNpi,
      serviceLine: orAny(query['filter[serviceLine]']),
      types: orAny(query['filter[type]']),
      statuses: orAny(query['filter[status]']),
      alerts: orAny(query['filter[alert]']),
      overdue: query['filter[overdue]'] === 'true',
      assignedTo,
      ids: orAny(query['filter[id]']),
      patientId: query['filter[patientId]'],
      patientRef: query['filter[patientRef]'],
      dosFrom: range.start,
      dosBefore: range.endExclusive,
      hidden: query['filter[hidden]'],
      deleted: query['filter[deleted]'],
      search: query.search,
    },
    sortColumns,
    groupByPatient,
    limit: query['page[limit]'],
    offset: query['page[offset]'],
    cursorValues,
    // Counting is the dear part of a page; later pages of the same list reuse the first page's count.
    withCount: !cursorValues,
  });
  return { ...page, data: await loadDocumentResources(db, page.rows) };
}
