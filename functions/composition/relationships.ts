import { httpRegistry } from '../../shared/adapters/consent/http-registry';
import { sandboxRegistry } from '../../shared/adapters/consent/sandbox-registry';
import { requireSecret, type ProviderTokens } from '../../shared/adapters/crypto/service-secrets';
import { configFor } from '../../shared/config/config';
import { lazy } from '../../shared/lazy';
import type { RelationshipRegistry } from '../../shared/ports/consent';

/**
 * The registry a consent request checks the relationship with: a sandbox that answers by rule, or
 * the registry's HTTP API with its token from the providers' secret. Checked now (every API group
 * starts with it), built on the first check.
 */
export const relationshipRegistryOf = (
  providerTokens: () => Promise<ProviderTokens>,
): (() => Promise<RelationshipRegistry>) => {
  const { relationshipRegistry: registry } = configFor('relationshipRegistry');
  return lazy(async () =>
    registry.RELATIONSHIP_REGISTRY === 'sandbox'
      ? sandboxRegistry
      : httpRegistry({
          baseUrl: registry.RELATIONSHIP_REGISTRY_URL,
          token: requireSecret(await providerTokens(), 'relationshipRegistryToken'),
        }),
  );
};
