export { createLoadCourseCache, loadCourse, type LoadCourseCache, type LoadCourseResult } from './course.ts';
export { loadExercise, type LoadExerciseOptions, type LoadExerciseResult } from './exercise.ts';
export { loadLesson, type LoadLessonResult } from './lesson.ts';
export { cutSegments, type ExerciseRef, type SegmentsOptions, type SegmentsResult } from './lesson-segments.ts';
export { parseFrontMatter, type FrontMatterOptions, type FrontMatterPath, type FrontMatterResult, type Locate } from './front-matter.ts';
export { checkTestsFile, VITEST_NAMES, type TestsFileOptions } from './tests-file.ts';
export { parseLearnerSource, parseTestsModule, topLevelNames, type LearnerSourceOptions, type ParsedCode } from './js-syntax.ts';
export { equivalentMutantsJsonSchema, exerciseJsonSchema, lessonJsonSchema, schemaFiles, type JsonSchema } from './json-schema.ts';
export {
  describeMutant,
  EQUIVALENT_MUTANTS_FILE,
  identityKey,
  judgeEquivalents,
  loadEquivalentMutants,
  mutantIdentity,
  type EquivalenceVerdicts,
  type EquivalentMutant,
  type EquivalentMutants,
  type GradedMutant,
  type LoadEquivalentMutantsResult,
  type MutantIdentity,
} from './equivalent-mutants.ts';
export { parseYamlData, type DataPath, type YamlDataOptions, type YamlDataResult } from './yaml-data.ts';
export { formatDiagnostic, hasErrors, type Diagnostic, type Severity } from './diagnostic.ts';
export {
  codeExerciseFrontMatterSchema,
  equivalentMutantSchema,
  equivalentMutantsSchema,
  exampleComparisons,
  examplesExerciseFrontMatterSchema,
  exerciseFrontMatterSchema,
  lessonFrontMatterSchema,
  limitsSchema,
  specLinkSchema,
} from './schema.ts';
export type {
  CodeExerciseFrontMatter,
  EquivalentMutantsData,
  ExampleComparison,
  ExamplesExerciseFrontMatter,
  ExerciseFrontMatter,
  ExerciseLimits,
  LessonFrontMatter,
  SpecLink,
} from './schema.ts';
export { diagnostic, type SourcePosition } from './position.ts';
export type { CodeExercise, Course, CourseFiles, ExamplesExercise, Exercise, Lesson, LessonSegment, Mutant,
  Variant, QuestionOption } from './types.ts';
export { checkExamplesExercises, EXAMPLES_NAME, examplesFunction } from './examples-exercise.ts';
export { readWorkFile, workExerciseSchema, workFileSchema, type WorkExercise, type WorkFile, type WorkFileProblem } from './work-file.ts';
export { WORK_FORMAT, WORK_VERSION } from './work-format.ts';
export { FINGERPRINTS_FILE, fingerprintsText, loadFingerprints, type Fingerprints } from './fingerprints.ts';
export { parseMutantHeader, type MutantHeaderResult } from './mutant-header.ts';
export { visibleTestsSource } from './visible-tests.ts';
export { fingerprintsSchema, mutantHeaderSchema, SERVED_AS, type FingerprintsData, type MutantHeader } from './schema.ts';
export { taskExamples, type TaskExample } from './task-examples.ts';
export { assembleFiles, codeText, filesOf, LEARNER_FILE_NAME, resolveImport, type LearnerCode, type LearnerFile } from './learner-files.ts';
export { KEBAB } from './kebab.ts';
