/** The value at an index the test relies on, or a failure naming what was missing. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}
