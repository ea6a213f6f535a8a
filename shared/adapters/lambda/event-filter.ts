/**
 * Lambda event filtering (an event source mapping's `FilterCriteria`), in the subset the service
 * uses: each key of a pattern is a field of the record, an array lists what it may be (a value it
 * may equal, or `{ exists }`: whether the field is there at all), an object goes one level down. In
 * AWS the event source applies the pattern; locally the poller applies the same pattern with
 * `matchesFilter`, so both keep the same records.
 */
export type FilterValue = string | number | boolean | null;

/** `exists` applies to a leaf (`S`, `N`, ...); a field under a missing object is missing too. */
export type FilterMatcher = FilterValue | { readonly exists: boolean };

export interface FilterPattern {
  readonly [field: string]: readonly FilterMatcher[] | FilterPattern;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMatcherList = (
  expected: readonly FilterMatcher[] | FilterPattern,
): expected is readonly FilterMatcher[] => Array.isArray(expected);

const matchesValue = (matcher: FilterMatcher, actual: unknown): boolean => {
  if (isRecord(matcher))
    return matcher.exists ? actual !== undefined && !isRecord(actual) : actual === undefined;
  const values: readonly unknown[] = Array.isArray(actual) ? actual : [actual];
  return values.some((value) => value === matcher);
};

/**
 * Whether `record` passes `pattern`, as Lambda decides it: every field matches; an array field
 * matches on any element. A missing level is read as empty, so only `{ exists: false }` holds under it.
 */
export const matchesFilter = (pattern: FilterPattern, record: unknown): boolean =>
  (record === undefined || isRecord(record)) &&
  Object.entries(pattern).every(([field, expected]) => {
    const actual = record?.[field];
    if (!isMatcherList(expected)) return matchesFilter(expected, actual);
    return expected.some((matcher) => matchesValue(matcher, actual));
  });
