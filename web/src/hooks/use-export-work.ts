/**
 * "Export my work": downloads the learner's progress as one work file (web/README.md). One
 * action wherever a button offers it: the header's, and the serve panel's, which then shows the
 * name of the file just downloaded.
 */
import { useCallback } from 'react';
import { currentOutline } from '../course-store.ts';
import { progressStore } from '../progress-hooks.ts';
import { toWorkFile, workFileName } from '../state/work-file.ts';
import { usePreferences } from './use-preferences.ts';

/** What an export downloaded: the file's name and the learner's name in it, if any. */
export interface ExportedWork {
  fileName: string;
  learner?: string;
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A function that exports the learner's work now, in the name typed beside the header's button. */
export function useExportWork(): () => ExportedWork {
  const { learnerName } = usePreferences();
  return useCallback(() => {
    progressStore.flush();
    const now = new Date();
    const work = toWorkFile(progressStore.get().progress, currentOutline().exercises, now, learnerName);
    const fileName = workFileName(now);
    download(fileName, `${JSON.stringify(work, null, 2)}\n`);
    return { fileName, ...(work.learner ? { learner: work.learner } : {}) };
  }, [learnerName]);
}
