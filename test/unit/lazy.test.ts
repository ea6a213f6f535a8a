import { describe, expect, it } from 'vitest';
import { lazy } from '../../shared/lazy';

/** A build whose outcome the test decides, counting how often it was started. */
const controlledBuild = () => {
  const settlers: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const build = () =>
    new Promise<string>((resolve, reject) => {
      settlers.push({ resolve, reject });
    });
  return { build, settlers };
};

describe('a lazy value', () => {
  it('is not built before its first use', () => {
    const { build, settlers } = controlledBuild();
    lazy(build);
    expect(settlers).toHaveLength(0);
  });

  it('is built once for callers that arrive while it is being built', async () => {
    const { build, settlers } = controlledBuild();
    const value = lazy(build);
    const callers = [value(), value(), value()];
    expect(settlers).toHaveLength(1);
    settlers[0]?.resolve('built');
    expect(await Promise.all(callers)).toEqual(['built', 'built', 'built']);
  });

  it('keeps a value once built', async () => {
    const { build, settlers } = controlledBuild();
    const value = lazy(build);
    const first = value();
    settlers[0]?.resolve('built');
    await first;
    expect(await value()).toBe('built');
    expect(settlers).toHaveLength(1);
  });

  it('forgets a failed build, so the next call builds again', async () => {
    const { build, settlers } = controlledBuild();
    const value = lazy(build);
    const failing = [value(), value()];
    settlers[0]?.reject(new Error('secret not readable yet'));
    for (const caller of failing) await expect(caller).rejects.toThrow('secret not readable yet');
    const retry = value();
    expect(settlers).toHaveLength(2);
    settlers[1]?.resolve('built');
    expect(await retry).toBe('built');
  });

  it('turns a build that throws synchronously into a rejection', async () => {
    let calls = 0;
    const value = lazy((): Promise<string> => {
      calls += 1;
      if (calls === 1) throw new Error('bad key');
      return Promise.resolve('built');
    });
    await expect(value()).rejects.toThrow('bad key');
    expect(await value()).toBe('built');
  });
});
