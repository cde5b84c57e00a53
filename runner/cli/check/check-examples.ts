/**
 * `course check` of an examples exercise: its reference examples must all be valid and catch
 * every mutant of the exercise named in `of` (whatever threshold learners get), and its starter
 * must not pass. The report lists the borrowed mutants with the example that catches each.
 */
import type { CodeExercise, Diagnostic, ExamplesExercise } from '../../content/index.ts';
import { examplesJob, type ExamplesJob, type RunResult } from '../../core/index.ts';
import type { GradeService } from '../../node/grade-service.ts';
import type { CheckedUnit, ExerciseReport, MutantReport } from './types.ts';
import { clip } from '../shared/one-line.ts';

const at = (file: string, rule: string, message: string): Diagnostic => ({ file, line: 1, column: 1, rule, severity: 'error', message });

/** A run of one file of the examples exercise. */
export interface ExamplesRun {
  kind: 'examples';
  check: ExamplesCheck;
  file: 'solution' | 'starter';
}

export class ExamplesCheck {
  readonly diagnostics: Diagnostic[] = [];
  readonly report: ExerciseReport;
  private readonly job: ExamplesJob;

  /** `of` is the code exercise `exercise.of` names; the loader has checked that it is one. */
  constructor(
    readonly exercise: ExamplesExercise,
    private readonly of: CodeExercise,
  ) {
    this.job = examplesJob(exercise, of);
    this.report = { id: exercise.id, kind: 'examples', solution: 'not-run', starter: 'not-run', mutants: [] };
  }

  private path(file: 'solution' | 'starter'): string {
    return `${this.exercise.dir}/${file}.${this.exercise.language}`;
  }

  /** The runs worth doing: none of a file with errors, none when a borrowed mutant's file has some. */
  plan(broken: ReadonlySet<string>): ExamplesRun[] {
    if (this.of.mutants.some((m) => broken.has(m.file)) || broken.has(`${this.of.dir}/solution.${this.of.language}`)) return [];
    return (['solution', 'starter'] as const).filter((file) => !broken.has(this.path(file))).map((file) => ({ kind: 'examples', check: this, file }));
  }

  async run(file: 'solution' | 'starter', service: GradeService): Promise<void> {
    const path = this.path(file);
    const result = await service.grade({ exercise: this.job, source: this.exercise[file], mode: 'submit', filename: path.slice(path.lastIndexOf('/') + 1) });
    if (file === 'solution') this.recordSolution(result);
    else this.recordStarter(result);
  }

  private recordSolution(result: RunResult): void {
    this.report.solution = result.status;
    const examples = result.examples;
    const caught = new Map(examples?.caught.map((c) => [c.mutant, c.by]) ?? []);
    this.report.mutants = this.of.mutants.map((m): MutantReport => {
      const by = caught.get(m.name);
      return { name: m.name, mistake: m.mistake, caughtBy: by === undefined ? null : `example ${by}`, status: examples ? (by === undefined ? 'pass' : 'fail') : 'not-run' };
    });
    if (!examples) {
      const message = `The reference examples do not run: ${clip(result.message ?? 'the run ended in an error')}. Fix ${this.path('solution')}.`;
      this.diagnostics.push(at(this.path('solution'), 'solution/fails', message));
      return;
    }
    const problems = [
      ...examples.invalid.map((i) => `example ${i.example} is invalid (${clip(i.message)})`),
      ...this.of.mutants.filter((m) => !caught.has(m.name)).map((m) => `no example catches mutants/${m.name} (${m.mistake})`),
    ];
    if (problems.length) {
      const message = `The reference examples must all be valid and catch every mutant of \`${this.of.id}\`: ${problems.join('; ')}. Fix the examples, or the mutants' exercise.`;
      this.diagnostics.push(at(this.path('solution'), 'solution/fails', message));
    }
  }

  private recordStarter(result: RunResult): void {
    this.report.starter = result.status;
    if (result.status === 'pass') {
      const message = 'The starter passes: its examples are all valid and catch every mutant, so the exercise asks nothing. Leave work for the learner.';
      this.diagnostics.push(at(this.path('starter'), 'starter/passes', message));
    }
  }

  done(): CheckedUnit {
    if (this.report.mutants.length === 0) this.report.mutants = this.of.mutants.map((m) => ({ name: m.name, mistake: m.mistake, caughtBy: null, status: 'not-run' }));
    return { diagnostics: this.diagnostics, report: this.report };
  }
}
