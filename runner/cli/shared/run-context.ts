/** What the bin hands a command beside its arguments (runner/cli/bin.cjs). */
import type { ChildProcess } from 'node:child_process';

export interface RunContext {
  /**
   * For `course grade`: a grading process the bin started before the command's bundle loaded,
   * so that it boots meanwhile (runner/node/fork-grade-worker.cjs). The grader adopts it.
   */
  gradingProcess?: ChildProcess;
}
