/**
 * A value built on its first use and kept for the life of the process (a client, a model, a set of
 * adapters). Callers that arrive while it is being built share that one build. A build that fails
 * is forgotten, so the next call tries again: a passing outage during a cold start (a secret not
 * yet readable, a network blip) must not leave the process failing every request until it is recycled.
 */
export const lazy = <T>(build: () => Promise<T>): (() => Promise<T>) => {
  let building: Promise<T> | undefined;
  return () => {
    if (building !== undefined) return building;
    // `async` so that a build which throws before its first await fails like one that rejects.
    const attempt = (async () => build())();
    building = attempt;
    attempt.catch(() => {
      if (building === attempt) building = undefined;
    });
    return attempt;
  };
};
