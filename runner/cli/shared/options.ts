/** Option parsers shared by several commands. */
import { availableParallelism } from 'node:os';
import { InvalidArgumentError, Option } from 'commander';

/** `--root <dir>`: the course root; by default the nearest folder with lessons/ or exercises/. */
export const rootOption = () => new Option('--root <dir>', 'course root holding lessons/ and exercises/ (default: nearest such folder above the working directory, else the course this command lives in)');

/** `--jobs <n>`: how many grading processes to use; defaults to the number of cores. */
export const jobsOption = () =>
  new Option('--jobs <n>', `grading processes at most, each a child process of the command (default: number of cores, here ${availableParallelism()})`).argParser((text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 256) throw new InvalidArgumentError('Use a whole number from 1 to 256.');
    return n;
  });

export const formatOption = (formats: readonly string[]) =>
  new Option('--format <format>', 'output format').choices(formats).default(formats[0]);
