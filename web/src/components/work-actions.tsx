/** "Export my work" (one JSON file, see web/README.md) and "Import", with the outcome announced. */
import { useRef, useState } from 'react';
import { currentOutline } from '../course-store.ts';
import { progressStore } from '../progress-hooks.ts';
import { parseWorkFile, toWorkFile, workFileName } from '../state/work-file.ts';

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

export function WorkActions() {
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');

  const exportWork = () => {
    progressStore.flush();
    const now = new Date();
    const work = toWorkFile(progressStore.get().progress, currentOutline().exercises, now);
    download(workFileName(now), `${JSON.stringify(work, null, 2)}\n`);
    setMessage('Your work was downloaded as one file.');
  };

  const importWork = async (file: File) => {
    const parsed = parseWorkFile(await file.text());
    if (!parsed.ok) {
      setMessage(parsed.message);
      return;
    }
    progressStore.dispatch({ type: 'imported', work: parsed.work });
    const count = Object.keys(parsed.work.exercises).length;
    setMessage(`Imported your work for ${count} ${count === 1 ? 'exercise' : 'exercises'}.`);
  };

  return (
    <div className="work-actions">
      <button type="button" onClick={exportWork}>
        Export my work
      </button>
      <button type="button" onClick={() => input.current?.click()}>
        Import
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        aria-label="Choose an exported work file to import"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importWork(file);
        }}
      />
      <span role="status" className="work-message">
        {message}
      </span>
    </div>
  );
}
