/**
 * What a call into learner code can end with, other than a value: it threw, it ran too long, it
 * used too much memory, its answer was too large. The judge turns each into a judge-realm error
 * so tests can also expect it (`await expect(route(x)).rejects.toThrow()`).
 */
import type { ErrorCause, SourcePlace } from './result.ts';

export class LearnerFault extends Error {
  constructor(
    message: string,
    readonly fault: Extract<ErrorCause, 'threw' | 'timeout' | 'run-timeout' | 'memory' | 'too-large' | 'crashed' | 'cancelled'>,
    readonly place?: SourcePlace,
    /** For `threw`: the thrown value, decoded, so tests can inspect it. */
    readonly thrown?: unknown,
  ) {
    super(message);
    this.name = fault === 'threw' && thrown instanceof Error ? thrown.name : 'LearnerFault';
  }
}
