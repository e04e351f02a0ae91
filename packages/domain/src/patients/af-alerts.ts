// Which documents count as AF alerts for the "AF history or AF alerts, and not on OAC" flag (issue 13 §6).
//
// An AF alert is an alert (the document carries an alert level) whose alert type names atrial
// fibrillation: 'AF', 'AT/AF', 'AFib', 'A-fib', 'atrial fibrillation' or 'atrial flutter', as a word, in
// any case ('AF episode', 'AT/AF burden', 'New onset atrial fibrillation'). The alert text is read only
// when the type is empty: a free text about another alert may well say "no AF", while the type names the
// alert itself. Trashed documents do not count.
//
// The pattern is written once for both JavaScript and PostgreSQL (`~*`): only alternatives, character
// classes and anchors, which mean the same in both.

/** Case-insensitive: an AF term as a word of its own. */
export const AF_ALERT_PATTERN =
  '(^|[^a-z])(af|at/af|afib|a-fib|atrial fibrillation|atrial flutter)([^a-z]|$)';

const afAlertRegExp = /* @__PURE__ */ new RegExp(AF_ALERT_PATTERN, 'i');

export type AfAlertCandidate = {
  alert: string | null;
  alertType: string | null;
  alertText: string | null;
};

/** Whether a document is an alert about atrial fibrillation (see the rule above). */
export function isAfAlert(document: AfAlertCandidate): boolean {
  if (!document.alert?.trim()) return false;
  const type = document.alertType?.trim();
  return afAlertRegExp.test(type ? type : (document.alertText ?? ''));
}
