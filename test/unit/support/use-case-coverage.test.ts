import { describe, expect, it } from 'vitest';
import { routes } from '../../../infra/routes';
import { useCases, useCasesWithoutUnitTest } from '../../support/use-case-coverage';

/** The helper that lists the use cases without a unit test reads both tables and the unit tests. */
describe('the use cases of the entry-point tables', () => {
  it("are every route's operation (but the OpenAPI artefact) and the capability functions consumers call", async () => {
    const all = await useCases();
    const operations = new Set(all.map((useCase) => useCase.operation));
    for (const route of routes.filter((one) => one.operation !== 'openApiDocument'))
      expect(operations, route.operation).toContain(route.operation);
    expect(all).toContainEqual({
      operation: 'endPause',
      module: 'shared/app/seats/pause.ts',
      entry: 'consumer:pauseResume',
    });
    // A cross-cutting helper at the top of shared/app is no use case.
    expect(operations).not.toContain('failureCauseOf');
  });

  it('without a unit test are those no test under test/unit imports from their module', async () => {
    const left = (await useCasesWithoutUnitTest()).map((useCase) => useCase.operation);
    expect(left).not.toContain('createAccount');
    expect(left).not.toContain('endPause');
  });
});
