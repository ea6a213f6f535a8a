import { describe, expect, it } from 'vitest';
import { describeUseCases, useCases, useCasesWithoutUnitTest } from '../../support/use-case-coverage';

/**
 * Every use case (every operation of the route and consumer tables) has a unit test against the
 * fakes of test/support/fakes: a file under test/unit that imports it from its module.
 */
describe('the use cases of the route and consumer tables', () => {
  it('are found: a check over no use case would check nothing', async () => {
    expect((await useCases()).length).toBeGreaterThan(0);
  });

  it('each have a unit test', async () => {
    const missing = await useCasesWithoutUnitTest();
    expect(missing, `use cases without a unit test:\n${describeUseCases(missing)}`).toEqual([]);
  });
});
