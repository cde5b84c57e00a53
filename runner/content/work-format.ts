/**
 * The work file's name and versions (work-file.ts has its schema). A module without the schema,
 * so the page can write a work file without loading zod in its first load.
 */
export const WORK_FORMAT = 'jsonrpc-course-work';
/** Version 2 added `files`, for exercises of several files; files of version 1 still read. */
export const WORK_VERSION = 2;
/** The versions readers accept. */
export const READ_VERSIONS: readonly unknown[] = [1, 2];
