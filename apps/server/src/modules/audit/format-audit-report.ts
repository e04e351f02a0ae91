import type { AuditVerification } from './verify-audit-chain';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The verify CLI's report, for a person: chains, counts, and each break's position, event id and kind.
 * It holds no event content (no PHI): only ids, positions, counts, times and file names.
 */
export function formatAuditReport(
  report: AuditVerification,
  context: { database: string; sealDir: string },
): string {
  const lines: string[] = [];
  lines.push(`Audit trail verification at ${report.checkedAt}`);
  lines.push(`  database:  ${context.database}`);
  lines.push(`  key:       id ${report.keyId}`);
  lines.push(
    `  seal log:  ${context.sealDir} (${count(report.seals.valid, 'valid seal')}, ${count(report.seals.invalid, 'invalid line')})`,
  );
  lines.push('');
  const width = Math.max(8, ...report.chains.map((chain) => chain.chain.length));
  for (const chain of report.chains) {
    const sealing =
      chain.sealedEvents > 0
        ? `${chain.sealedEvents} sealed, last seal ${chain.lastSealedAt}`
        : 'not sealed yet';
    const breaks = chain.intact ? '' : `: ${count(chain.breakCount, 'break')}`;
    const tail = chain.unsealedTail;
    const unsealed =
      tail.events > 0
        ? `; unsealed tail: ${count(tail.events, 'event')} since ${tail.since} (event ${tail.firstEventId})`
        : '';
    lines.push(
      `  ${chain.chain.padEnd(width)}  ${chain.intact ? 'intact' : 'BROKEN'}  ${count(chain.events, 'event')} (${sealing}${unsealed})${breaks}`,
    );
    for (const entry of chain.breaks) {
      lines.push(
        `      position ${String(entry.position).padEnd(6)} event ${entry.eventId.padEnd(8)} ${entry.kind.padEnd(7)}  ${entry.detail}`,
      );
    }
    if (chain.breakCount > chain.breaks.length)
      lines.push(`      … and ${chain.breakCount - chain.breaks.length} more`);
  }
  if (report.chains.length === 0) lines.push('  (no audit events and no seals)');
  if (report.seals.invalid > 0) {
    lines.push('');
    lines.push('  seal log lines that are not valid seals:');
    for (const problem of report.seals.problems)
      lines.push(`      ${problem.file} line ${problem.line}: ${problem.reason}`);
    if (report.seals.invalid > report.seals.problems.length)
      lines.push(`      … and ${report.seals.invalid - report.seals.problems.length} more`);
  }
  lines.push('');
  const events = report.chains.reduce((sum, chain) => sum + chain.events, 0);
  const unsealed = report.unsealedEvents;
  if (report.intact) {
    lines.push(
      `Result: INTACT: ${count(report.chains.length, 'chain')}, ${count(events, 'event')}` +
        (unsealed > 0 ? `; unsealed tail: ${count(unsealed, 'event')} not yet sealed` : ', all sealed'),
    );
  } else {
    const broken = report.chains.filter((chain) => !chain.intact);
    const breakCount = broken.reduce((sum, chain) => sum + chain.breakCount, 0);
    const parts = [
      `${broken.length} of ${count(report.chains.length, 'chain')} broken (${count(breakCount, 'break')})`,
    ];
    if (report.seals.invalid > 0) parts.push(count(report.seals.invalid, 'invalid seal log line'));
    if (unsealed > 0) parts.push(`unsealed tail: ${count(unsealed, 'event')}`);
    lines.push(`Result: NOT INTACT: ${parts.join(', ')}`);
  }
  return lines.join('\n');
}
