/**
 * `npm run typecheck` (issue 43, decision F32): everything that needs TypeScript's checker, each
 * project's program built and checked once. TypeScript's own diagnostics (what `tsc -p … --noEmit`
 * reports), then the linter's type-aware rules (eslint.config.js, TYPE_AWARE_RULES) on the same
 * program, whose checker has every type at hand by then: type-aware linting used to build and
 * check the three programs a second time, more CPU than the type check itself. `npm run lint`
 * runs every other rule, on every file, without types.
 *
 * The root project in one process, the renderer's and the office pages' in another (no file is
 * checked twice more than before): on two cores the stage takes about as long as its larger half.
 * A file is linted with the first program that holds it, in the projects' order, as the linter's
 * own `parserOptions.project` would; a TypeScript file the linter sees but no project holds is an
 * error, as it is there.
 */
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
// eslint.config.js is JavaScript (ESLint loads it as it is): the two lists it shares, typed here.
const { TYPE_AWARE_RULES, TYPED_PROJECTS } = (await import(
  pathToFileURL(path.join(ROOT, 'eslint.config.js')).href
)) as { TYPE_AWARE_RULES: Record<string, unknown>; TYPED_PROJECTS: string[] };
const [ROOT_PROJECT, ...PAGE_PROJECTS] = TYPED_PROJECTS;
/** The two halves, each its own process. */
const GROUPS = [[ROOT_PROJECT!], PAGE_PROJECTS];

function parsedConfig(project: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, project), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${project}`);
  return parsed;
}

function createProgram(config: ts.ParsedCommandLine): ts.Program {
  // Parent pointers set, as the linter's parser needs them.
  const host = ts.createCompilerHost(config.options, true);
  return ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
};

/** The project's source files of this repository (not node_modules, not declarations of libs). */
function ownFiles(program: ts.Program): string[] {
  return program
    .getSourceFiles()
    .map((f) => path.resolve(f.fileName))
    .filter((f) => /\.(ts|tsx|mts|cts)$/.test(f))
    .filter(
      (f) =>
        f.startsWith(`${ROOT}${path.sep}`) && !f.includes(`${path.sep}node_modules${path.sep}`),
    );
}

/** Type-check and lint with types the projects of one group; the number of problems found. */
async function checkGroup(projects: string[]): Promise<number> {
  // Files of projects earlier in the order, linted by the process that holds them.
  const earlier = new Set(
    TYPED_PROJECTS.slice(0, TYPED_PROJECTS.indexOf(projects[0]!)).flatMap((p) =>
      parsedConfig(p).fileNames.map((f) => path.resolve(f)),
    ),
  );
  let problems = 0;
  for (const project of projects) {
    const program = createProgram(parsedConfig(project));
    const diagnostics = ts.getPreEmitDiagnostics(program);
    if (diagnostics.length > 0) {
      problems += diagnostics.length;
      const format = process.stdout.isTTY
        ? ts.formatDiagnosticsWithColorAndContext
        : ts.formatDiagnostics;
      process.stdout.write(format(diagnostics, formatHost));
    }
    const files = ownFiles(program).filter((f) => !earlier.has(f));
    for (const f of files) earlier.add(f);
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfig: {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parserOptions: { programs: [program], project: null } },
      },
      ruleFilter: ({ ruleId }) => ruleId in TYPE_AWARE_RULES,
      warnIgnored: false,
    });
    const results = await eslint.lintFiles(files);
    problems += results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
    const text = await (await eslint.loadFormatter('stylish')).format(results);
    if (text) process.stdout.write(text);
  }
  return problems;
}

/** TypeScript files the linter checks that no project holds: type-aware rules would miss them. */
async function filesInNoProject(): Promise<string[]> {
  const held = new Set(
    TYPED_PROJECTS.flatMap((p) => parsedConfig(p).fileNames.map((f) => path.resolve(f))),
  );
  const eslint = new ESLint({ cwd: ROOT });
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(ROOT, f));
  const orphans: string[] = [];
  for (const f of listed)
    if (!held.has(f) && !(await eslint.isPathIgnored(f))) orphans.push(path.relative(ROOT, f));
  return orphans;
}

/** Run each group in its own process (this script, given the group's projects). */
function runGroup(projects: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, import.meta.filename, ...projects],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const group = process.argv.slice(2);
  if (group.length > 0) return (await checkGroup(group)) > 0 ? 1 : 0;
  const codes = await Promise.all([
    ...GROUPS.map(runGroup),
    filesInNoProject().then((orphans) => {
      for (const f of orphans)
        console.log(`${f}: a TypeScript file in no project of ${TYPED_PROJECTS.join(', ')}`);
      return orphans.length > 0 ? 1 : 0;
    }),
  ]);
  return codes.find((c) => c !== 0) ?? 0;
}

process.exitCode = await main();
