/**
 * When each submission was last committed, for `course report --cutoff`: the committer date of
 * the last commit that touched the file, read from git with one `git log` over the graded
 * folders (newest first, so a file's first appearance is its last commit). Nothing when git is
 * not installed, the files are not in a repository, or a file was never committed: the date is
 * a signal, and grading goes on without it.
 */
import { execFile } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';

function git(args: readonly string[], cwd: string): Promise<string | undefined> {
  return new Promise((done) => {
    execFile('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => done(error ? undefined : stdout));
  });
}

/** Marks the start of each commit in the log, before its committer date. */
const MARK = '@@commit ';

/**
 * The last commit time (ISO 8601) of each of `files` (relative to `cwd`, as `course grade` shows
 * them) that has one, read under `paths` (the files and folders graded).
 */
export async function commitTimes(paths: readonly string[], files: readonly string[], cwd = process.cwd()): Promise<Map<string, string>> {
  const times = new Map<string, string>();
  const top = (await git(['rev-parse', '--show-toplevel'], cwd))?.trim();
  if (!top) return times;
  const log = await git(['-c', 'core.quotePath=false', 'log', `--format=${MARK}%cI`, '--name-only', '--no-renames', '--', ...paths.map((p) => resolve(cwd, p))], top);
  if (!log) return times;
  const wanted = new Set(files);
  let date = '';
  for (const line of log.split('\n')) {
    if (line.startsWith(MARK)) date = line.slice(MARK.length).trim();
    else if (line) {
      let file = relative(cwd, resolve(top, line));
      if (sep !== '/') file = file.split(sep).join('/');
      if (wanted.has(file) && !times.has(file)) times.set(file, date);
    }
  }
  return times;
}
