import fs from 'node:fs';

/**
 * Deliveries that fail on purpose (JOB_DRILLS_FILE, docs/decisions/049): an operator rehearsing a broken
 * subscriber, and the browser suite's story of one, make its deliveries fail without touching its code.
 * The file holds a JSON array; each entry names a queue and, optionally, the company whose work it fails:
 *
 *   [{ "queue": "event:crm.lead-from-quote", "company": 42, "error": "The CRM's storage is down (a drill)" }]
 *
 * It is read before every job while the setting is on, so a drill starts and ends by editing the file. A
 * job it names fails for good at once, as one whose attempts are spent would: it reaches the operator's
 * console without waiting out the back-off, and the console's retry delivers it once the entry is gone.
 */
export type JobDrill = { queue: string; company?: number; error?: string };

/** A failure a drill caused: the runner gives the job up at once instead of retrying it. */
export class DrillFailure extends Error {}

const DEFAULT_ERROR = 'This delivery failed in a drill (JOB_DRILLS_FILE).';

/** Throws the drill's failure when the file names this job's queue (and company); a missing file drills nothing. */
export function drillsFrom(file: string): (job: { queue: string; fairnessKey: string }) => void {
  return (job) => {
    const drill = readDrills(file).find(
      (entry) =>
        entry.queue === job.queue && (entry.company === undefined || String(entry.company) === job.fairnessKey),
    );
    if (drill) throw new DrillFailure(drill.error ?? DEFAULT_ERROR);
  };
}

function readDrills(file: string): JobDrill[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  // A file caught half written, or not a list of drills, drills nothing: the next job reads it again.
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isDrill) : [];
  } catch {
    return [];
  }
}

function isDrill(value: unknown): value is JobDrill {
  if (typeof value !== 'object' || value === null) return false;
  const { queue, company, error } = value as Record<string, unknown>;
  return (
    typeof queue === 'string' &&
    (company === undefined || typeof company === 'number') &&
    (error === undefined || typeof error === 'string')
  );
}
