/** Who may do what (spec §5): contract and plan, scopes, and which stores a key can see. */
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../main/api/schemas';
import type { StoreContext } from '../domain/store-context';
import { ServiceError } from '../domain/errors';
import type { ApiKeyRecord } from '../model';
import type { Sandbox } from '../sandbox';

function principalOf(request: FastifyRequest): ApiKeyRecord {
  // Set by the authentication hook for every API path; its absence is a wiring bug.
  if (!request.principal) throw new Error('request reached a route without authentication');
  return request.principal;
}

/** Contract and plan checks, then the scope; every endpoint but ping goes through here. */
export function authorize(
  sandbox: Sandbox,
  request: FastifyRequest,
  scope: Scope | null,
): ApiKeyRecord {
  const key = principalOf(request);
  if (sandbox.world.organization(key.organizationId)?.contractEnded) {
    throw new ServiceError('CONTRACT_ENDED', 'the contract of this organization has ended');
  }
  if (key.plan === 'light') {
    throw new ServiceError('PLAN_NOT_SUPPORTED', 'the API is not available on this plan');
  }
  if (scope && !key.scopes.includes(scope)) {
    throw new ServiceError('INSUFFICIENT_SCOPE', `this API key lacks the ${scope} scope`);
  }
  return key;
}

/** The addressed store, if the key may see it: another store's data is simply not found. */
export function storeContext(
  sandbox: Sandbox,
  request: FastifyRequest,
  scope: Scope | null,
): StoreContext {
  const key = authorize(sandbox, request, scope);
  const { storeId } = request.params as { storeId: string };
  const store = sandbox.world.store(storeId);
  if (
    !store ||
    store.organizationId !== key.organizationId ||
    (key.teamId !== null && key.teamId !== storeId)
  ) {
    throw new ServiceError('STORE_NOT_FOUND', `store ${storeId} not found`);
  }
  return { world: sandbox.world, store, organizationId: key.organizationId };
}

export function principal(request: FastifyRequest): ApiKeyRecord {
  return principalOf(request);
}
