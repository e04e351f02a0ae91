import { featureFlagDefaults, mergeClinicConfiguration, workflowDefaults } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import type { DocumentAttributes, DocumentResource } from './document-resource';
import {
  extendBulkChecks,
  findNextToOpen,
  isListedInView,
  listBulkSignableIds,
  listCheckAllIds,
  listInboxEntries,
  listSameRpmVisitIds,
  moveSelection,
  resolveSelectedId,
  toggleCheck,
} from './selection';

function doc(id: string, attributes: Partial<DocumentAttributes> = {}): DocumentResource {
  return {
    id,
    attributes: { status: 'unsigned', alert: null, type: 'rpm-report', ...attributes } as DocumentAttributes,
  };
}

const list = [doc('a'), doc('b', { alert: 'high' }), doc('c', { status: 'signed' }), doc('d')];

describe('inbox selection', () => {
  it('selects the first document when nothing (or something no longer listed) is chosen', () => {
    expect(resolveSelectedId(list, undefined)).toBe('a');
    expect(resolveSelectedId(list, 'gone')).toBe('a');
    expect(resolveSelectedId(list, 'c')).toBe('c');
    expect(resolveSelectedId([], 'c')).toBeUndefined();
  });

  it('j/k move one place and stop at the ends', () => {
    expect(moveSelection(list, 'a', 1)).toBe('b');
    expect(moveSelection(list, 'b', -1)).toBe('a');
    expect(moveSelection(list, 'a', -1)).toBe('a');
    expect(moveSelection(list, 'd', 1)).toBe('d');
    expect(moveSelection(list, undefined, 1)).toBe('a');
  });

  it('after signing, the document below opens; the last one hands over to the one above', () => {
    expect(findNextToOpen(list, 'b')).toBe('c');
    expect(findNextToOpen(list, 'd')).toBe('c');
    expect(findNextToOpen([doc('a')], 'a')).toBeUndefined();
    expect(findNextToOpen(list, 'gone')).toBeUndefined();
  });

  it('j/k move from the place of an open document that has left the list', () => {
    // 'b' was at index 1 and was signed: the list is now a, c, d.
    const after = [doc('a'), doc('c'), doc('d')];
    expect(moveSelection(after, 'b', 1, 1)).toBe('c');
    expect(moveSelection(after, 'b', -1, 1)).toBe('a');
    // It was the last: next stays on the new last, previous goes above.
    expect(moveSelection(after, 'e', 1, 3)).toBe('d');
    expect(moveSelection(after, 'e', -1, 3)).toBe('d');
    expect(moveSelection(after, 'a', 1, 0)).toBe('c');
  });

  it('a signed document leaves To do at once; one on its way stays until the answer', () => {
    expect(isListedInView(doc('a', { status: 'signed' }), 'todo')).toBe(false);
    expect(isListedInView(doc('a', { status: 'acknowledged' }), 'todo')).toBe(false);
    expect(isListedInView(doc('a', { status: 'signing' }), 'todo')).toBe(true);
    expect(isListedInView(doc('a', { status: 'unsigned' }), 'todo')).toBe(true);
    expect(isListedInView(doc('a', { status: 'unsigned' }), 'done')).toBe(false);
    expect(isListedInView(doc('a', { status: 'signed' }), 'any')).toBe(true);
  });

  it('grouped by patient, a heading with the name and count starts each group, in the order given', () => {
    const patient = (id: string, patientId: string, last: string) =>
      doc(id, { clinicNpi: '1', patientId, patientLastName: last, patientFirstName: 'Ann' });
    const documents = [patient('1', 'Z', 'Zimmer'), patient('2', 'Z', 'Zimmer'), patient('3', 'A', 'Abel')];
    expect(
      listInboxEntries(documents, true).map((entry) =>
        entry.kind === 'patient' ? `${entry.name} (${entry.count})` : entry.document.id,
      ),
    ).toEqual(['Zimmer, Ann (2)', '1', '2', 'Abel, Ann (1)', '3']);
    expect(listInboxEntries(documents, false).every((entry) => entry.kind === 'document')).toBe(true);
  });

  it('check all takes unsigned documents without an alert', () => {
    expect(listCheckAllIds(list)).toEqual(['a', 'd']);
    expect(listBulkSignableIds(list)).toEqual(['a', 'd']);
  });

  it('medium and low alerts can be checked one by one only where physicians may bulk-sign alerts; high never', () => {
    const alerts = [
      doc('a'),
      doc('b', { alert: 'medium', type: 'rpm-alert' }),
      doc('c', { alert: 'high', type: 'crm-alert' }),
    ];
    const configuration = (physicianBulkSignAlerts: boolean) =>
      mergeClinicConfiguration({
        featureFlagDefaults,
        workflowDefaults,
        featureFlags: [{ name: 'physicianBulkSignAlerts', enabled: physicianBulkSignAlerts }],
      });
    expect(listBulkSignableIds(alerts, configuration(false))).toEqual(['a']);
    expect(listBulkSignableIds(alerts, configuration(true))).toEqual(['a', 'b']);
    // An alert type without a level is an alert too.
    expect(listCheckAllIds([doc('x', { type: 'crm-alert' })])).toEqual([]);
    expect(listBulkSignableIds(alerts)).toEqual(['a']);
    // 'Check all' still leaves alerts out (SPEC §4).
    expect(listCheckAllIds(alerts)).toEqual(['a']);
  });

  it('in bulk mode later pages join the checks and single toggles are ignored', () => {
    const checked = new Set(['a']);
    expect([...extendBulkChecks(checked, true, list)]).toEqual(['a', 'd']);
    expect(extendBulkChecks(checked, false, list)).toBe(checked);
    expect(toggleCheck(checked, true, 'd')).toBe(checked);
    expect([...toggleCheck(checked, false, 'd')]).toEqual(['a', 'd']);
    expect([...toggleCheck(checked, false, 'a')]).toEqual([]);
  });
});

describe('rpmSelectByDos: RPM documents of one patient and date of service go together', () => {
  const rpm = (id: string, patientId: string, dos: string, attributes: Partial<DocumentAttributes> = {}) =>
    doc(id, { serviceLine: 'rpm', type: 'rpm-report', patientId, dos, ...attributes });
  const documents = [
    rpm('r1', 'p1', '2026-03-02T12:00:00.000Z'),
    rpm('r2', 'p1', '2026-03-02T13:30:00.000Z'),
    rpm('r3', 'p1', '2026-03-03T12:00:00.000Z'),
    rpm('r4', 'p2', '2026-03-02T12:00:00.000Z'),
    rpm('r5', 'p1', '2026-03-02T14:00:00.000Z', { status: 'signed' }),
    doc('c1', { serviceLine: 'crm', type: 'crm-alert', patientId: 'p1', dos: '2026-03-02T12:00:00.000Z' }),
  ];

  it('finds the other RPM documents of the same patient and day, and only those', () => {
    expect(listSameRpmVisitIds(documents, 'r1')).toEqual(['r2', 'r5']);
    expect(listSameRpmVisitIds(documents, 'r3')).toEqual([]);
    expect(listSameRpmVisitIds(documents, 'r4')).toEqual([]);
  });

  it('leaves out what cannot be checked, non-RPM documents and unknown ids', () => {
    const checkable = (document: DocumentResource) => document.attributes.status === 'unsigned';
    expect(listSameRpmVisitIds(documents, 'r1', checkable)).toEqual(['r2']);
    expect(listSameRpmVisitIds(documents, 'c1')).toEqual([]);
    expect(listSameRpmVisitIds(documents, 'gone')).toEqual([]);
  });

  it('checking one checks its companions, unchecking one unchecks them', () => {
    const linked = listSameRpmVisitIds(documents, 'r1');
    const checked = toggleCheck(new Set(['r4']), false, 'r1', linked);
    expect([...checked].sort()).toEqual(['r1', 'r2', 'r4', 'r5']);
    expect([...toggleCheck(checked, false, 'r1', linked)]).toEqual(['r4']);
    // Bulk mode still ignores single toggles.
    expect(toggleCheck(checked, true, 'r1', linked)).toBe(checked);
  });
});
