import type { RelationshipResult } from '../../domain/consent/relationship-check';
import type { RelationshipRegistry } from '../../ports/consent';

/**
 * The sandbox registry (docs/local-stack.md "Sandbox outcomes"): valid CPFs starting `00000000`
 * decide by their ninth digit (1 refuted, 2 inconclusive, 3 failed); every other CPF is confirmed.
 */
const byNinthDigit: Readonly<Record<string, RelationshipResult>> = {
  '1': 'refuted',
  '2': 'inconclusive',
  '3': 'failed',
};

export const sandboxRegistry: RelationshipRegistry = {
  async check({ personCpf }) {
    if (!personCpf.startsWith('00000000')) return 'confirmed';
    return byNinthDigit[personCpf.charAt(8)] ?? 'confirmed';
  },
};
