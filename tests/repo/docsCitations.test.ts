/**
 * The repository explains itself (docs/architecture.md, conventions): code and tests point to the
 * project's own docs/, never to a document a reader of the repository does not have (the product
 * specification, the design notes kept outside it) nor to an issue number. This test reads every
 * tracked source file and fails on such a citation, naming the file, the line and the text, so one
 * cannot come back unnoticed. A pointer that names a docs/ file must also name one that exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every tracked source file of the code, its tests and its configuration (migrations' SQL included). */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--', 'src', 'server', 'tests', 'scripts', 'bench', 'public', '*.ts', '*.js', '*.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  // This file names the forbidden citations in order to refuse them.
  const self = 'tests/repo/docsCitations.test.ts';
  return [...new Set(listed.split('\n'))].filter((path) => /\.(ts|tsx|js|mjs|mts|cjs|sql)$/.test(path) && path !== self);
}

/** The outside citations, each with what it cites. */
const FORBIDDEN: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bspec(?:ification)?['’]?s?\s*(?:sections?\s*|§\s*)?\d/i, what: 'a numbered section of the specification' },
  { pattern: /§\s*\d/, what: 'a numbered section (§N)' },
  { pattern: /\b(?:the|a|its|our) spec\b/i, what: 'the specification' },
  { pattern: /\bspec['’]s\b/i, what: 'the specification' },
  { pattern: /\bspec\s*[,(]?\s*["“']\s*[A-Z]/, what: 'a named section of the specification' },
  { pattern: /\bDESIGN\b/, what: 'the design notes' },
  { pattern: /back-office-spec|shared\/spec|DESIGN\.md|CONTRACTS\.md/i, what: 'a document outside the repository' },
  { pattern: /\bissues?\s*#?\d+/i, what: 'an issue number' },
];

interface Finding {
  where: string;
  what: string;
  text: string;
}

function findings(check: (line: string) => string | null): Finding[] {
  const found: Finding[] = [];
  for (const path of sourceFiles()) {
    const full = join(root, path);
    if (!existsSync(full)) continue; // deleted in the work tree, not yet committed
    readFileSync(full, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const what = check(line);
        if (what !== null) found.push({ where: `${path}:${index + 1}`, what, text: line.trim() });
      });
  }
  return found;
}

describe('citations in code and tests', () => {
  it('cite docs/, never the specification, the design notes or an issue number', () => {
    const cited = findings((line) => FORBIDDEN.find(({ pattern }) => pattern.test(line))?.what ?? null);
    expect(cited).toEqual([]);
  });

  it('every docs/ file a comment names exists', () => {
    const missing = findings((line) => {
      const named = [...line.matchAll(/\bdocs\/[\w/.-]*[\w-]\.md\b/g)].map((m) => m[0]);
      const absent = named.filter((path) => !existsSync(join(root, path)));
      return absent.length > 0 ? absent.join(', ') : null;
    });
    expect(missing).toEqual([]);
  });

  it('recognises each kind of outside citation (so the check can fail)', () => {
    const samples = [
      'The workflow (spec 4, "Transitions by action").',
      '(spec section 7; DESIGN 3)',
      'see spec §2',
      'the spec\'s URLs',
      'beyond the spec',
      'side menu (spec "Side menu")',
      'as written in DESIGN.md',
      'the budget of issue 7',
      'Issue #12 asked for it',
    ];
    for (const sample of samples) expect(FORBIDDEN.some(({ pattern }) => pattern.test(sample)), sample).toBe(true);
    const fine = ['spec.kind === "flag"', 'const spec = declared(entry)', 'apiError.issues.map((issue) => issue.path)', 'docs/rules/missions.md'];
    for (const sample of fine) expect(FORBIDDEN.some(({ pattern }) => pattern.test(sample)), sample).toBe(false);
  });
});
