import { describe, expectTypeOf, it } from 'vitest';
import type { profile } from '../../../functions/api/accounts/responses';
import type { healthReport } from '../../../functions/api/health/responses';
import type {
  dependent,
  guardianPairing,
  member,
  notification,
  onboarding,
  personPairing,
  subscription,
} from '../../../functions/api/answers';
import type { HealthReport } from '../../../shared/app/health';
import type { Dependent } from '../../../shared/domain/family/dependent';
import type { memberView } from '../../../shared/domain/family/member';
import type { Onboarding } from '../../../shared/domain/family/onboarding';
import type { subscriptionView } from '../../../shared/domain/family/subscription';
import type { Notification } from '../../../shared/domain/notifications/notification';
import type { guardianPairingView, personPairingView } from '../../../shared/domain/pairing/pairing';
import type { profileView } from '../../../shared/domain/users/user';
import type * as z from '../../../shared/validation/z';

/**
 * The answers' schemas have the types of the domain views they describe: a field added to, removed
 * from or retyped in a view fails `npm run typecheck` here, before any e2e test runs.
 */
describe("the document's answer schemas", () => {
  it('have the types of the domain views', () => {
    expectTypeOf<z.output<typeof member>>().toEqualTypeOf<ReturnType<typeof memberView>>();
    expectTypeOf<z.output<typeof profile>>().toEqualTypeOf<ReturnType<typeof profileView>>();
    expectTypeOf<z.output<typeof dependent>>().toEqualTypeOf<Dependent>();
    expectTypeOf<z.output<typeof onboarding>>().toEqualTypeOf<Onboarding>();
    expectTypeOf<z.output<typeof subscription>>().toEqualTypeOf<ReturnType<typeof subscriptionView>>();
    expectTypeOf<z.output<typeof notification>>().toEqualTypeOf<Notification>();
    expectTypeOf<z.output<typeof healthReport>>().toEqualTypeOf<HealthReport>();
  });

  // TypeScript widens a union of object literals with `field?: undefined` members, so the pairing
  // views (their challenge is such a union) are compared both ways instead.
  it('describe the pairing views, each assignable to the other', () => {
    expectTypeOf<z.output<typeof guardianPairing>>().toExtend<ReturnType<typeof guardianPairingView>>();
    expectTypeOf<ReturnType<typeof guardianPairingView>>().toExtend<z.output<typeof guardianPairing>>();
    expectTypeOf<z.output<typeof personPairing>>().toExtend<ReturnType<typeof personPairingView>>();
    expectTypeOf<ReturnType<typeof personPairingView>>().toExtend<z.output<typeof personPairing>>();
  });
});
