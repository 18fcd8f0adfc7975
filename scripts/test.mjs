// npm test: 1) typecheck and 2) lint side by side, 3) vitest projects repo + domain + ui + server from the moment
// the first of those two ends, 4) the e2e project in headless Chromium against the built SPA and the compiled server.
// Every step runs even when an earlier one failed (one run shows everything that is wrong); the exit code is non-zero
// when anything failed. The browser suite is never skipped: without a Chromium the run fails and says how to install one.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureBuild, runBin } from './build-if-stale.mjs';
import { CHROMIUM_INSTALL_HINT, findChromium } from './chromium.mjs';

const reportDir = mkdtempSync(join(tmpdir(), 'pr-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function heading(text) {
  console.log(`\n=== ${text} ===`);
}

/** Adds a vitest JSON report to the totals; a file that failed to load counts as one failure. */
function count(reportFile, step, exitCode) {
  if (!existsSync(reportFile)) {
    totals.failed += 1;
    failures.push(`${step}: vitest não gerou relatório (código ${exitCode})`);
    return;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
  );
  totals.failed += brokenFiles.length;
  if (report.numFailedTests > 0 || brokenFiles.length > 0) {
    failures.push(`${step}: ${report.numFailedTests} teste(s) e ${brokenFiles.length} arquivo(s) com falha`);
  } else if (exitCode !== 0) {
    // Failed outside every test (its global setup, an unhandled error): one failure in the totals too.
    totals.failed += 1;
    failures.push(`${step}: vitest saiu com código ${exitCode} (erro fora dos testes; veja a saída acima)`);
  }
}

async function vitest(step, projects, env = {}) {
  const reportFile = join(reportDir, `${step}.json`);
  const args = ['run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`);
  const code = await runBin('vitest', args, { env: { ...process.env, ...env } });
  count(reportFile, step, code);
}

/**
 * CI (.ci/run) sets PG_SUITE_ALONGSIDE_E2E to a PostgreSQL URL: the server suite on PostgreSQL then
 * runs beside the browser suite, which mostly waits (pages, polls, streams) and leaves the cores
 * idle. Its output goes to a file, printed once it ends, so the two reports do not interleave. It
 * runs at the same priority: niced, beside the browser suite, its longest tests (20–25 s) were
 * starved past their 30 s timeout (docs/development.md).
 */
function pgSuiteAlongside() {
  const url = process.env.PG_SUITE_ALONGSIDE_E2E;
  if (!url) return null;
  const logFile = join(reportDir, 'pg.log');
  const out = openSync(logFile, 'w');
  console.log(`Suíte do servidor no PostgreSQL em paralelo (saída ao final): ${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`);
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'test-pg.mjs')], {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: { ...process.env, DATABASE_URL: url },
    });
    child.on('exit', (code) => {
      closeSync(out);
      heading('Servidor no PostgreSQL (npm run test:pg)');
      console.log(readFileSync(logFile, 'utf8'));
      if (code !== 0) failures.push(`test:pg: falhou (código ${code})`);
      resolveRun();
    });
  });
}

const started = Date.now();

/**
 * tsc and eslint each use one core: run side by side (2 cores) with their output kept apart, they take
 * the time of the slower one instead of both. The unit phase starts as soon as the first of them ends,
 * on the core it leaves idle; each one's report is printed once it has ended.
 */
async function captured(name, args) {
  const logFile = join(reportDir, `${name}.log`);
  const out = openSync(logFile, 'w');
  const begun = Date.now();
  const code = await runBin(name, args, { stdio: ['ignore', out, out] });
  closeSync(out);
  return { code, output: readFileSync(logFile, 'utf8'), seconds: ((Date.now() - begun) / 1000).toFixed(0) };
}

function reportTypecheck(tsc) {
  heading('1/4 Verificação de tipos (tsc --noEmit)');
  process.stdout.write(tsc.output);
  if (tsc.code !== 0) failures.push('tsc: erros de tipo');
  else console.log(`Sem erros de tipo (${tsc.seconds} s).`);
}

function reportLint(lint) {
  heading('2/4 Lint (eslint)');
  process.stdout.write(lint.output);
  if (lint.code !== 0) failures.push('eslint: problemas de lint (npm run lint)');
  else console.log(`Sem problemas de lint (${lint.seconds} s).`);
}

const checks = [
  { name: 'tsc', run: captured('tsc', ['-p', join(ROOT, 'tsconfig.json'), '--noEmit']), report: reportTypecheck },
  { name: 'eslint', run: captured('eslint', ['.', '--max-warnings', '0']), report: reportLint },
];
const first = await Promise.race(checks.map((check) => check.run.then(() => check)));
first.report(await first.run);
const second = checks.find((check) => check !== first);

heading(`3/4 Testes do repositório, de domínio, interface e servidor (vitest, ao lado do ${second.name})`);
await vitest('unit', ['repo', 'domain', 'ui', 'server']);
second.report(await second.run);

heading('4/4 Testes ponta a ponta no Chromium (vitest e2e)');
const chromium = findChromium();
if (!chromium) {
  console.error(CHROMIUM_INSTALL_HINT);
  failures.push('e2e: Chromium ausente (suíte de navegador não executada)');
  totals.failed += 1;
} else if (!(await ensureBuild())) {
  failures.push('e2e: o build (vite ou esbuild) falhou');
  totals.failed += 1;
} else {
  console.log(`Chromium: ${chromium}`);
  const alongside = pgSuiteAlongside();
  await vitest('e2e', ['e2e'], { CHROMIUM_PATH: chromium });
  if (alongside) await alongside;
}

rmSync(reportDir, { recursive: true, force: true });
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log('');
for (const failure of failures) console.log(`FALHA ${failure}`);
if (totals.skipped > 0) console.log(`${totals.skipped} skipped`);
console.log(`Duração: ${minutes} min`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
