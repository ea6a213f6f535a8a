/**
 * Lambda event filtering (an event source mapping's `FilterCriteria`), in the subset the service
 * uses: each key of a pattern is a field of the record, an array lists the values it may equal, an
 * object goes one level down. In AWS the event source applies the pattern; locally the poller applies
 * the same pattern with `matchesFilter`, so both keep the same records.
 */
export type FilterValue = string | number | boolean | null;

export interface FilterPattern {
  readonly [field: string]: readonly FilterValue[] | FilterPattern;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isValueList = (expected: readonly FilterValue[] | FilterPattern): expected is readonly FilterValue[] =>
  Array.isArray(expected);

/** Whether `record` passes `pattern`, as Lambda decides it: every field matches; an array field matches on any element. */
export const matchesFilter = (pattern: FilterPattern, record: unknown): boolean =>
  isRecord(record) &&
  Object.entries(pattern).every(([field, expected]) => {
    const actual = record[field];
    if (!isValueList(expected)) return matchesFilter(expected, actual);
    const values: readonly unknown[] = Array.isArray(actual) ? actual : [actual];
    return values.some((value) => expected.some((allowed) => allowed === value));
  });
