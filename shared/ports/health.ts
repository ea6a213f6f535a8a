/** One dependency the health route checks; `check` throws when the dependency does not answer well. */
export interface HealthProbe {
  name: string;
  check(): Promise<void>;
}
