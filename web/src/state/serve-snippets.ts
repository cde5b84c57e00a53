/**
 * What the serve panel shows once an exercise with `serves: mcp` passes: the command that runs the
 * learner's exported work as an MCP server with `course serve`, and the entries of MCP hosts'
 * configuration files that start it. Pure, so the command and the JSON are tested without a
 * browser (and against the README and lesson 10, which show the same entries).
 *
 * The page cannot know where the course folder or the downloaded file lie on the learner's
 * machine (a static build may not even be served from the course folder), so the panel passes
 * placeholders such as {@link COURSE_FOLDER_PLACEHOLDER}, which the learner replaces.
 */

/** The exercise `course serve` serves when `--exercise` is not given (its contract: the capstone). */
export const SERVE_DEFAULT_EXERCISE = 'mcp-server';

/** Stands for the absolute path of the learner's copy of the course. */
export const COURSE_FOLDER_PLACEHOLDER = '/path/to/course';

/** Stands for the absolute path of a downloaded file, e.g. `/path/to/jsonrpc-course-work-2026-12-01.json`. */
export function placeholderPath(fileName: string): string {
  return `/path/to/${fileName}`;
}

/** The name a host shows for the server. */
export const SERVER_NAME = 'jsonrpc-course';

export interface ServeTarget {
  /** The exercise whose code in the work file is served. */
  exercise: string;
  /** The work file: a bare name for the command run in the course folder, an absolute path for a host. */
  workFile: string;
}

/** `course serve`'s arguments after the command itself: the file, and the exercise unless it is the default. */
export function serveArgs({ exercise, workFile }: ServeTarget): string[] {
  return ['serve', workFile, ...(exercise === SERVE_DEFAULT_EXERCISE ? [] : ['--exercise', exercise])];
}

/**
 * One word for a POSIX shell (sh, bash, zsh; PowerShell reads single quotes the same way): as is
 * when it holds only safe characters, else in single quotes.
 */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The command to run in the course folder, e.g. `npx course serve jsonrpc-course-work-2026-12-01.json`. */
export function serveCommand(target: ServeTarget): string {
  return ['npx', 'course', ...serveArgs(target)].map(shellWord).join(' ');
}

/**
 * The course's CLI entry inside a course folder, in the folder's own style of separator (a
 * Windows path such as `C:\Users\ann\course` gets backslashes).
 */
export function cliPath(courseFolder: string): string {
  const sep = courseFolder.includes('\\') && !courseFolder.includes('/') ? '\\' : '/';
  const base = courseFolder.endsWith(sep) ? courseFolder.slice(0, -1) : courseFolder;
  return [base, 'runner', 'cli', 'bin.cjs'].join(sep);
}

export interface HostTarget extends ServeTarget {
  /** Absolute path of the learner's course folder: a host starts the server from a folder of its own. */
  courseFolder: string;
}

/** The stdio command a host runs: `node <course>/runner/cli/bin.cjs serve <work file>`. */
function stdioCommand(target: HostTarget): { command: string; args: string[] } {
  return { command: 'node', args: [cliPath(target.courseFolder), ...serveArgs(target)] };
}

/** An MCP host whose configuration file can start the server, and how its entry is written. */
export interface McpHost {
  id: string;
  /** The host's name, for the learner. */
  name: string;
  /** The configuration file the entry goes into. */
  file: string;
  /** The file's content with this one server (valid JSON; paths escaped by JSON.stringify). */
  config(target: HostTarget): string;
}

/** The hosts the panel and the docs show, in order. */
export const MCP_HOSTS: readonly McpHost[] = [
  {
    id: 'claude-desktop',
    name: 'Claude Desktop',
    file: 'claude_desktop_config.json',
    config: (target) => JSON.stringify({ mcpServers: { [SERVER_NAME]: stdioCommand(target) } }, null, 2),
  },
  {
    id: 'vscode',
    name: 'VS Code',
    file: '.vscode/mcp.json',
    config: (target) => JSON.stringify({ servers: { [SERVER_NAME]: { type: 'stdio', ...stdioCommand(target) } } }, null, 2),
  },
];
