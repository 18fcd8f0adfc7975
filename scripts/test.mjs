// npm test: 1) typecheck and 2) lint side by side, 3) vitest projects repo + domain + ui + server from the moment
// the first of those two ends, 4) the e2e project in headless Chromium against the built SPA and the compiled server,
// built and run from the start beside the other steps (much of its time it waits on pages and polls; docs/development.md).
// Every step runs even when an earlier one failed (one run shows everything that is wrong); the exit code is non-zero
// when anything failed. The browser suite is never skipped: without a Chromium the run fails and says how to install one.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBin } from './build-if-stale.mjs';
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
 * runs once the unit phase has ended, beside what is left of the browser suite. Not beside the unit
 * phase: both keep the two cores busy, and the longest PostgreSQL tests (20–25 s) could be starved
 * past their 30 s timeout, as they were when niced beside the browser suite (docs/development.md).
 */
async function pgSuite(url) {
  heading(`Servidor no PostgreSQL (npm run test:pg, ao lado da suíte de navegador): ${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`);
  const code = await runNode(join(ROOT, 'scripts', 'test-pg.mjs'), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
  if (code !== 0) failures.push(`test:pg: falhou (código ${code})`);
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

/**
 * The browser suite: the build (vite, esbuild) and then the e2e project, from the start of the run,
 * its output kept in a file and printed once every other step has reported. Resolves with what to
 * report; never rejects.
 */
async function browserSuite() {
  const chromium = findChromium();
  if (!chromium) return { failure: 'e2e: Chromium ausente (suíte de navegador não executada)', hint: CHROMIUM_INSTALL_HINT };
  const logFile = join(reportDir, 'e2e.log');
  const out = openSync(logFile, 'w');
  const stdio = ['ignore', out, out];
  const built = await runNode(join(ROOT, 'scripts', 'build-if-stale.mjs'), { stdio });
  const reportFile = join(reportDir, 'e2e.json');
  let code = null;
  if (built === 0) {
    const args = ['run', '--project', 'e2e', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
    code = await runBin('vitest', args, { stdio, env: { ...process.env, CHROMIUM_PATH: chromium } });
  }
  closeSync(out);
  return { chromium, built: built === 0, code, reportFile, output: readFileSync(logFile, 'utf8') };
}

/** Runs a Node script of this repository; resolves to its exit code. */
function runNode(script, options) {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, ...options });
    child.on('error', () => resolveRun(1));
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
  });
}

function reportBrowserSuite(e2e) {
  heading('4/4 Testes ponta a ponta no Chromium (vitest e2e, desde o início da execução)');
  if (e2e.failure) {
    console.error(e2e.hint);
    failures.push(e2e.failure);
    totals.failed += 1;
    return;
  }
  console.log(`Chromium: ${e2e.chromium}`);
  process.stdout.write(e2e.output);
  if (!e2e.built) {
    failures.push('e2e: o build (vite ou esbuild) falhou');
    totals.failed += 1;
    return;
  }
  count(e2e.reportFile, 'e2e', e2e.code);
}

const browser = browserSuite();
const checks = [
  { name: 'tsc', run: captured('tsc', ['-p', join(ROOT, 'tsconfig.json'), '--noEmit']), report: reportTypecheck },
  { name: 'eslint', run: captured('eslint', ['.', '--max-warnings', '0']), report: reportLint },
];
const first = await Promise.race(checks.map((check) => check.run.then(() => check)));
first.report(await first.run);
const second = checks.find((check) => check !== first);

heading(`3/4 Testes do repositório, de domínio, interface e servidor (vitest, ao lado do ${second.name} e da suíte de navegador)`);
await vitest('unit', ['repo', 'domain', 'ui', 'server']);
second.report(await second.run);

if (process.env.PG_SUITE_ALONGSIDE_E2E) await pgSuite(process.env.PG_SUITE_ALONGSIDE_E2E);
reportBrowserSuite(await browser);

rmSync(reportDir, { recursive: true, force: true });
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log('');
for (const failure of failures) console.log(`FALHA ${failure}`);
if (totals.skipped > 0) console.log(`${totals.skipped} skipped`);
console.log(`Duração: ${minutes} min`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
