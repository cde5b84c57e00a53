/**
 * Shown in an exercise with `serves: mcp` once it has passed: how to run the learner's own router
 * as an MCP server for real hosts with `course serve`, from the file "Export my work" downloads.
 * The page cannot know the course folder or the download folder on the learner's machine (a
 * static build may be served from anywhere), so the hosts' entries hold placeholders.
 */
import { useId, useState } from 'react';
import { useExportWork } from '../hooks/use-export-work.ts';
import { COURSE_FOLDER_PLACEHOLDER, MCP_HOSTS, placeholderPath, serveCommand } from '../state/serve-snippets.ts';
import { workFileName } from '../state/work-file.ts';
import { CopyableText } from './copy-button.tsx';
import './serve-panel.css';

export function ServePanel({ exerciseId }: { exerciseId: string }) {
  const id = useId();
  const exportNow = useExportWork();
  // The name today's export gets, until the learner exports from here: then the name it got.
  const [exported, setExported] = useState<string | undefined>(undefined);
  const fileName = exported ?? workFileName(new Date());
  const target = { exercise: exerciseId, courseFolder: COURSE_FOLDER_PLACEHOLDER, workFile: placeholderPath(fileName) };

  return (
    <section className="serve-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Serve your router to a real MCP host</h3>
      <p>
        Your router passes every check, so real MCP clients can use it too. The course's <code>course serve</code> command runs it as an MCP
        server over stdio, sandboxed as in grading, straight from the file that <strong>Export my work</strong> downloads.
      </p>
      <ol className="serve-steps">
        <li>
          <p>
            Export your work first: it is what the server runs.{' '}
            <button type="button" onClick={() => setExported(exportNow().fileName)}>
              Export my work
            </button>{' '}
            <span role="status">{exported ? `Downloaded ${exported}.` : ''}</span>
          </p>
          <p className="muted">
            The file is named <code>{fileName}</code>; if your browser renamed it, use the name it gave.
          </p>
        </li>
        <li>
          <CopyableText
            label={
              <>
                Move the file into your copy of the course (the folder where you ran <code>npm ci</code>) and run this there. The server reads
                messages on stdin and writes only replies on stdout; Ctrl+C ends it.
              </>
            }
            text={serveCommand({ exercise: exerciseId, workFile: fileName })}
            what="the command"
          />
        </li>
        <li>
          <p>
            Or let an MCP host start it. A host starts servers from a folder of its own, so its entry names both files by absolute path: replace{' '}
            <code>{COURSE_FOLDER_PLACEHOLDER}</code> with your course folder and <code>{placeholderPath('')}</code> with the folder the file is in,
            then restart the host. If the file already lists servers, add this one beside them.
          </p>
          {MCP_HOSTS.map((host) => (
            <CopyableText
              key={host.id}
              label={
                <>
                  {host.name}: <code>{host.file}</code>
                </>
              }
              text={host.config(target)}
              what={`the ${host.name} entry`}
            />
          ))}
        </li>
      </ol>
      <p className="muted">The lesson goes on with how to list and call your tools from the MCP Inspector.</p>
    </section>
  );
}
