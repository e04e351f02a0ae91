import { describe, expect, it } from 'vitest';
import {
  countChangedFilters,
  describeInboxSort,
  getInboxFiltersKey,
  getInboxSelectionKey,
  getInboxSort,
  nextInboxSort,
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
      alert: 'any',
      overdue: false,
      search: '',
      hidden: 'exclude',
      sort: '',
      groupByPatient: false,
    });
  });

  it("one alert level (the header ticker's high alerts) is a filter kept in the address and sent to the API", () => {
    const high = parseInboxFilters(new URLSearchParams({ status: 'todo', alert: 'high' }), CLINIC);
    expect(high.alert).toBe('high');
    expect(toInboxSearchParams(high).get('alert')).toBe('high');
    expect(toDocumentListQuery(high)['filter[alert]']).toBe('high');
    expect(countChangedFilters(high, CLINIC)).toBe(1);
    const bare = parseInboxFilters(new URLSearchParams(), CLINIC);
    expect(toInboxSearchParams(bare).has('alert')).toBe(false);
    expect(toDocumentListQuery(bare)['filter[alert]']).toBeUndefined();
    expect(parseInboxFilters(new URLSearchParams({ alert: 'urgent' }), CLINIC).alert).toBe('any');
  });

  it("overdue only (the header ticker's overdue link) is a filter kept in the address and sent to the API", () => {
    const overdue = parseInboxFilters(new URLSearchParams({ status: 'todo', overdue: 'true' }), CLINIC);
    expect(overdue.overdue).toBe(true);
    expect(toInboxSearchParams(overdue).get('overdue')).toBe('true');
    expect(toDocumentListQuery(overdue)['filter[overdue]']).toBe('true');
    expect(countChangedFilters(overdue, CLINIC)).toBe(1);
    const bare = parseInboxFilters(new URLSearchParams(), CLINIC);
    expect(toInboxSearchParams(bare).has('overdue')).toBe(false);
    expect(toDocumentListQuery(bare)['filter[overdue]']).toBeUndefined();
  });

  it("a provider's bare link opens their own to-do list: assigned to them, at every clinic", () => {
    const defaults = { clinicNpi: 'any', assignedTo: 'me' } as const;
    expect(parseInboxFilters(new URLSearchParams(), CLINIC, defaults)).toMatchObject({
      clinicNpi: 'any',
      assignedTo: 'me',
      status: 'todo',
    });
    // What the link says wins over the default.
    expect(
      parseInboxFilters(new URLSearchParams({ assignedTo: 'any', clinicNpi: CLINIC }), CLINIC, defaults),
    ).toMatchObject({ clinicNpi: CLINIC, assignedTo: 'any' });
    // A link to one document finds it, whoever it is assigned to.
    expect(parseInboxFilters(new URLSearchParams({ idIn: DOC_ID }), CLINIC, defaults)).toMatchObject({
      clinicNpi: CLINIC,
      assignedTo: 'any',
      idIn: DOC_ID,
    });
    // The one filter control of a narrow screen counts what differs from that default.
    const own = parseInboxFilters(new URLSearchParams(), CLINIC, defaults);
    expect(countChangedFilters(own, CLINIC, defaults)).toBe(0);
    expect(countChangedFilters({ ...own, serviceLine: 'rpm', search: 'Rossi' }, CLINIC, defaults)).toBe(2);
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
        alert: 'medium',
        search: 'Rossi',
        sort: 'received',
        group: 'patient',
      }),
      CLINIC,
    );
    expect(parseInboxFilters(toInboxSearchParams(filters), 'other')).toEqual(filters);
  });

  it('the done view sorts by date of service, newest first; the to-do view by work order, most urgent first', () => {
    const todo = parseInboxFilters(new URLSearchParams(), CLINIC);
    expect(toDocumentListQuery(todo)).toMatchObject({
      sort: 'pinned,status,alert,type,-dos',
      groupBy: undefined,
      'page[limit]': 50,
      'filter[status]': 'unsigned',
    });
    const done = updateInboxFilters(todo, { status: 'done' });
    expect(toDocumentListQuery(done)).toMatchObject({ sort: '-dos', groupBy: undefined });
  });

  it('grouping by patient is a choice kept in the address, and applies to the to-do view only', () => {
    const grouped = parseInboxFilters(new URLSearchParams({ group: 'patient' }), CLINIC);
    expect(grouped.groupByPatient).toBe(true);
    expect(toDocumentListQuery(grouped).groupBy).toBe('patient');
    expect(toInboxSearchParams(grouped).get('group')).toBe('patient');
    expect(toDocumentListQuery(updateInboxFilters(grouped, { status: 'any' })).groupBy).toBeUndefined();
    expect(toDocumentListQuery(updateInboxFilters(grouped, { status: 'done' })).groupBy).toBeUndefined();
  });

  it.each([
    ['-dos', '-dos'],
    ['dos', 'dos'],
    ['received', 'createdAt,-dos'],
    ['-received', '-createdAt,-dos'],
    ['alert', 'alert,-dos'],
    ['patient', 'patient,-dos'],
  ] as const)('a column sort %s asks the server for %s, in any view', (sort, expected) => {
    for (const status of ['todo', 'done', 'any'] as const)
      expect(getInboxSort({ status, sort })).toBe(expected);
  });

  it('a header click sorts by its column the natural way, then the other way, then back to the view order', () => {
    expect(nextInboxSort('', 'dos')).toBe('-dos');
    expect(nextInboxSort('-dos', 'dos')).toBe('dos');
    expect(nextInboxSort('dos', 'dos')).toBe('');
    expect(nextInboxSort('', 'alert')).toBe('alert');
    expect(nextInboxSort('alert', 'alert')).toBe('-alert');
    expect(nextInboxSort('-alert', 'alert')).toBe('');
    expect(nextInboxSort('alert', 'patient')).toBe('patient');
    expect(nextInboxSort('', 'received')).toBe('received');
    expect(describeInboxSort('-dos', 'dos')).toBe('first');
    expect(describeInboxSort('dos', 'dos')).toBe('reversed');
    expect(describeInboxSort('dos', 'alert')).toBeUndefined();
  });

  it('the order is kept in the address; an unknown one is the view order', () => {
    const sorted = parseInboxFilters(new URLSearchParams({ sort: '-received' }), CLINIC);
    expect(sorted.sort).toBe('-received');
    expect(toInboxSearchParams(sorted).get('sort')).toBe('-received');
    expect(parseInboxFilters(new URLSearchParams({ sort: 'colour' }), CLINIC).sort).toBe('');
    expect(parseInboxFilters(new URLSearchParams({ sort: '--dos' }), CLINIC).sort).toBe('');
  });

  it('re-sorting or grouping keeps the one-document link and the selection; a filter change does not', () => {
    const linked = parseInboxFilters(new URLSearchParams({ idIn: DOC_ID }), CLINIC);
    const sorted = updateInboxFilters(linked, { sort: 'alert', groupByPatient: true });
    expect(sorted.idIn).toBe(DOC_ID);
    expect(getInboxSelectionKey(sorted)).toBe(getInboxSelectionKey(linked));
    expect(getInboxFiltersKey(sorted)).not.toBe(getInboxFiltersKey(linked));
  });

  it('changing a filter drops the one-document link and changes the key that resets paging and selection', () => {
    const linked = parseInboxFilters(new URLSearchParams({ idIn: DOC_ID }), CLINIC);
    const changed = updateInboxFilters(linked, { serviceLine: 'rpm' });
    expect(changed.idIn).toBe('');
    expect(getInboxFiltersKey(changed)).not.toBe(getInboxFiltersKey(linked));
  });
});
