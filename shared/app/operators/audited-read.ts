import type { Operator } from '../../domain/operators/roster';
import type { AuditEntry } from '../../ports/operators';
import { operatorAudit, type OperatorDeps } from './operators';

/**
 * Every access is audited: an operator's read writes its entry (`read:<what>`, the operator, what
 * was read) once the answer is ready and before it is given, with one write of its own. A read that
 * fails (a broken cursor) showed nothing and leaves no entry.
 */
export const recordRead = (
  deps: Pick<OperatorDeps, 'clock' | 'ids' | 'auditTrail'>,
  operator: Operator,
  what: string,
  target: AuditEntry['target'] = listTarget(what),
): Promise<void> => deps.auditTrail.record(operatorAudit(deps, operator, `read:${what}`, target));

/** The target of a list's read: the list itself. */
export const listTarget = (name: string): AuditEntry['target'] => ({ kind: 'list', uid: name });
