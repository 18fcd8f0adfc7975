/**
 * The brand query value (?gr= or ?riskManager=, docs/rules/themes.md) travels with the visitor
 * between the public pages, so the chosen brand stays while they log in or reset a password.
 */
export function brandSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['gr', 'riskManager']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const qs = kept.toString();
  return qs ? `?${qs}` : '';
}
