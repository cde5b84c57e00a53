export { comparison, type Comparison } from './compare.ts';
export { gradeExamples } from './grade-examples.ts';
export { examplesJob, gradingJob } from './job.ts';
export { EXAMPLES_NAME, MAX_EXAMPLES, parseExamples, type ExampleCase, type ReadExamples } from './read.ts';
