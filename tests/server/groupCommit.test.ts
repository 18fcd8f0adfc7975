import { expect, it } from 'vitest';
import { groupCommit } from '../../server/shared/groupCommit';

/** Group commit (server/shared/groupCommit.ts): what arrives during a write waits for the next group; each item gets its own outcome. */

it('writes a lone item at once and the items arriving meanwhile together, each settled with its own outcome', async () => {
  const groups: number[][] = [];
  let open!: () => void;
  const first = new Promise<void>((resolve) => (open = resolve));
  const write = async (items: number[]) => {
    groups.push(items);
    if (groups.length === 1) await first;
    return items.map((n) => (n === 3 ? new Error('três') : null));
  };
  const receive = groupCommit(write, 2);
  const settled = [1, 2, 3, 4].map((n) => receive(n).then(() => 'ok', (e: Error) => e.message));
  open();
  expect(await Promise.all(settled)).toEqual(['ok', 'ok', 'três', 'ok']);
  expect(groups).toEqual([[1], [2, 3], [4]]);
});

it('fails every item of a group whose write throws, and keeps serving the next ones', async () => {
  let fail = true;
  const receive = groupCommit((items: number[]) => (fail ? Promise.reject(new Error('banco fora')) : Promise.resolve(items.map(() => null))), 10);
  const failed = await Promise.allSettled([receive(1), receive(2)]);
  expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  fail = false;
  await expect(receive(3)).resolves.toBeUndefined();
});
