import { describe, expect, it } from 'vitest';
import {
  getInboxFiltersKey,
  parseInboxFilters,
  toDocumentListQuery,
  toInboxSearchParams,
  updateInboxFilters,
} from './inbox-filters';

const CLINIC = '1209945553';
const DOC_ID = '0b7c6a3e-2a4f-4c1e-9d55-3f0a1b2c3d4e';

describe('inbox filter in the address', () => {
  it('a bare link shows the to-do view of the current clinic, for anyone, any type and service line', () => {
    expect(parseInboxFilters(new URLSearchParams(), CLINIC)).toEqual({
      clinicNpi: CLINIC,
      serviceLine: 'any',
      type: 'any',
      status: 'todo',
      assignedTo: 'any',
      idIn: '',
      search: '',
      hidden: 'exclude',
    });
  });

  it('hidden documents are left out unless the filter asks for them too, or alone', () => {
    const bare = parseInboxFilters(new URLSearchParams(), CLINIC);
    expect(toDocumentListQuery(bare)['filter[hidden]']).toBeUndefined();
    expect(toInboxSearchParams(bare).has('hidden')).toBe(false);
    const only = parseInboxFilters(new URLSearchParams({ hidden: 'only' }), CLINIC);
    expect(toDocumentListQuery(only)['filter[hidden]']).toBe('only');
    expect(parseInboxFilters(toInboxSearchParams(only), CLINIC).hidden).toBe('only');
    expect(parseInboxFilters(new URLSearchParams({ hidden: 'everything' }), CLINIC).hidden).toBe('exclude');
  });

  it('a notification link (everything any, one document) is read as it is', () => {
    const params = new URLSearchParams({
      clinicNpi: 'any',
      serviceLine: 'any',
      type: 'any',
      status: 'any',
      assignedTo: 'any',
      idIn: DOC_ID,
    });
    const filters = parseInboxFilters(params, CLINIC);
    expect(filters).toMatchObject({ clinicNpi: 'any', status: 'any', idIn: DOC_ID });
    expect(toDocumentListQuery(filters)).toMatchObject({
      'filter[clinicNpi]': 'any',
      'filter[status]': 'unsigned,signed,acknowledged',
      'filter[id]': DOC_ID,
    });
  });

  it('unknown values fall back to the defaults instead of reaching the server', () => {
    const params = new URLSearchParams({
      clinicNpi: 'drop table',
      serviceLine: 'xyz',
      type: 'nope',
      status: 'weird',
      assignedTo: 'someone',
      idIn: 'not-a-uuid',
    });
    expect(parseInboxFilters(params, CLINIC)).toMatchObject({
      clinicNpi: CLINIC,
      serviceLine: 'any',
      type: 'any',
      status: 'todo',
      assignedTo: 'any',
      idIn: '',
    });
  });

  it('a status list naming the statuses of a view opens that view', () => {
    expect(parseInboxFilters(new URLSearchParams({ status: 'acknowledged,signed' }), CLINIC).status).toBe(
      'done',
    );
    expect(parseInboxFilters(new URLSearchParams({ status: 'unsigned' }), CLINIC).status).toBe('todo');
  });

  it('round-trips through the address', () => {
    const filters = parseInboxFilters(
      new URLSearchParams({
        serviceLine: 'crm',
        type: 'crm-alert',
        status: 'done',
        assignedTo: 'me',
        search: 'Rossi',
      }),
      CLINIC,
    );
    expect(parseInboxFilters(toInboxSearchParams(filters), 'other')).toEqual(filters);
  });

  it('the done view sorts by date of service, newest first; the to-do view by work order, grouped by patient', () => {
    const todo = parseInboxFilters(new URLSearchParams(), CLINIC);
    expect(toDocumentListQuery(todo)).toMatchObject({
      sort: 'pinned,status,alert,type,-dos',
      groupBy: 'patient',
      'page[limit]': 50,
      'filter[status]': 'unsigned',
    });
    const done = updateInboxFilters(todo, { status: 'done' });
    expect(toDocumentListQuery(done)).toMatchObject({ sort: '-dos', groupBy: undefined });
  });

  it('changing a filter drops the one-document link and changes the key that resets paging and selection', () => {
    const linked = parseInboxFilters(new URLSearchParams({ idIn: DOC_ID }), CLINIC);
    const changed = updateInboxFilters(linked, { serviceLine: 'rpm' });
    expect(changed.idIn).toBe('');
    expect(getInboxFiltersKey(changed)).not.toBe(getInboxFiltersKey(linked));
  });
});
